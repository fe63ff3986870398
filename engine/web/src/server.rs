//! The server: routes, the guard and the security headers in front of
//! them, the listening socket and its connections within the caps'
//! limits, and its own thread with a current-thread tokio runtime
//! (handlers are short; searches run on their own threads).

use crate::caps::Caps;
use crate::error::ApiError;
use crate::guard::{self, new_token, Guard};
use crate::searches::Searches;
use crate::tournament::Live;
use crate::{api, review, search, tournament, typed, App};
use axum::error_handling::HandleErrorLayer;
use axum::extract::DefaultBodyLimit;
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::collections::VecDeque;
use std::net::{IpAddr, SocketAddr, ToSocketAddrs};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;
use tokio::net::TcpSocket;
use tokio::sync::Semaphore;
use tower::ServiceBuilder;

/// What `gorgon serve` asks for.
#[derive(Clone, Debug)]
pub struct Options {
    /// The address or name to bind; `127.0.0.1` unless told otherwise.
    pub host: String,
    /// 0: any free port.
    pub port: u16,
    pub caps: Caps,
    /// The event log of a tournament to show live (`--tournament`).
    pub tournament: Option<std::path::PathBuf>,
    /// The API token to keep (`--token-file`), so that a restarted server
    /// on the same port is the same to its open pages; a new random one
    /// when `None`.
    pub token: Option<String>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            host: "127.0.0.1".into(),
            port: 0,
            caps: Caps::default(),
            tournament: None,
            token: None,
        }
    }
}

/// A running server.
pub struct Server {
    addr: SocketAddr,
    token: String,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<JoinHandle<Result<(), String>>>,
}

/// The page may run only its own scripts and styles, fetch only from this
/// server, and be framed by no one; nothing is cached (the token is in
/// the URL) and no referrer leaves.
const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
                   connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

async fn secure(mut response: Response) -> Response {
    let h = response.headers_mut();
    for (name, value) in [
        (header::CONTENT_SECURITY_POLICY, CSP),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "no-referrer"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (header::CACHE_CONTROL, "no-store"),
    ] {
        h.insert(name, HeaderValue::from_static(value));
    }
    h.insert("cross-origin-opener-policy", HeaderValue::from_static("same-origin"));
    h.insert("cross-origin-resource-policy", HeaderValue::from_static("same-origin"));
    response
}

async fn not_found() -> Response {
    ApiError::new(StatusCode::NOT_FOUND, "nothing here").into_response()
}

/// The refusal of a request not answered within the caps' request
/// timeout (the only error the timeout layer's inner service returns):
/// its body still trickling in, most likely.
fn timed_out(after: Duration) -> ApiError {
    ApiError::new(
        StatusCode::REQUEST_TIMEOUT,
        format!("the request was not read and answered within {} ms", after.as_millis()),
    )
}

/// Every route, behind the guard, the request timeout and the headers.
pub fn router(app: Arc<App>, guard: Arc<Guard>) -> Router {
    let body_limit = app.caps.body_bytes;
    let request_timeout = app.caps.request_timeout;
    Router::new()
        .route("/api/config", get(api::config))
        .route("/api/position", post(api::position))
        .route("/api/search", post(search::handler))
        .route("/api/review", post(review::handler))
        .route("/api/stop", post(api::stop))
        .route("/api/pgn/export", post(api::export))
        .route("/api/pgn/import", post(api::import))
        .route("/api/move", post(typed::handler))
        .route("/api/tournament/state", get(tournament::state))
        .route("/api/tournament/events", get(tournament::events))
        .route("/api/tournament/games/{n}", get(tournament::game))
        .merge(crate::assets::routes())
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(body_limit))
        .layer(middleware::from_fn_with_state(guard, guard::middleware))
        .layer(
            ServiceBuilder::new()
                .layer(HandleErrorLayer::new(
                    move |_: axum::BoxError| async move { timed_out(request_timeout) },
                ))
                .timeout(request_timeout),
        )
        .layer(middleware::map_response(secure))
        .with_state(app)
}

/// A connection that has not yet completed a request's headers: the one
/// the server sheds first when all its slots are taken.
struct Waiting {
    /// Set by the service when the connection's first request is read.
    served: Arc<AtomicBool>,
    task: tokio::task::AbortHandle,
}

/// Serves every connection `listener` accepts, at most `caps.connections`
/// at once. At the cap, the oldest connection that has not completed a
/// request (a client holding half a header, say) is shed for the new one,
/// so that a crowd of stalled sockets cannot make a real page wait for
/// their header timeout; when every slot serves a request, the next
/// connection waits for one to close (delayed, not refused). Hyper's
/// header read timeout, which starts as soon as a connection waits for a
/// request's headers, closes both the client that sends half a header and
/// the idle kept-alive connection.
async fn serve(mut listener: tokio::net::TcpListener, router: Router, caps: &Caps) {
    let cap = caps.connections.clamp(1, Semaphore::MAX_PERMITS);
    let open = Arc::new(Semaphore::new(cap));
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new()).header_read_timeout(caps.head_timeout);
    // Oldest first; entries of connections served or gone are skipped
    // when shedding and pruned when the queue grows past twice the cap.
    let mut waiting: VecDeque<Waiting> = VecDeque::new();
    loop {
        // axum's accept retries, after a pause, what the system refuses
        // (out of file descriptors, say).
        let (stream, _) = axum::serve::Listener::accept(&mut listener).await;
        let slot = match Arc::clone(&open).try_acquire_owned() {
            Ok(slot) => slot,
            Err(_) => {
                while let Some(w) = waiting.pop_front() {
                    if !w.served.load(Ordering::Relaxed) && !w.task.is_finished() {
                        // Its task is dropped at once (a current-thread
                        // runtime: when this loop next waits), closing
                        // its socket and freeing its slot.
                        w.task.abort();
                        break;
                    }
                }
                // The semaphore is never closed: the loop ends with the runtime.
                let Ok(slot) = Arc::clone(&open).acquire_owned().await else {
                    return;
                };
                slot
            }
        };
        let served = Arc::new(AtomicBool::new(false));
        let service = {
            let (served, inner) = (Arc::clone(&served), TowerToHyperService::new(router.clone()));
            hyper::service::service_fn(move |request| {
                served.store(true, Ordering::Relaxed);
                hyper::service::Service::call(&inner, request)
            })
        };
        let connection = http.serve_connection(TokioIo::new(stream), service);
        let task = tokio::spawn(async move {
            // An error is the client's (gone, too slow, not HTTP): the
            // connection is closed either way, and its slot freed.
            let _ = connection.await;
            drop(slot);
        });
        if waiting.len() >= 2 * cap {
            waiting.retain(|w| !w.served.load(Ordering::Relaxed) && !w.task.is_finished());
        }
        waiting.push_back(Waiting {
            served,
            task: task.abort_handle(),
        });
    }
}

/// True for an address only this machine reaches.
pub fn is_loopback(host: &str) -> bool {
    host.eq_ignore_ascii_case("localhost") || host.parse::<IpAddr>().is_ok_and(|a| a.is_loopback())
}

/// The listening socket's queue of connections not yet accepted. std's
/// `TcpListener::bind` asks for 128, which a burst of a few hundred
/// connections (a page's tabs reloading, the slow-client test) overflows:
/// the kernel then drops SYNs and the client retries a second later, long
/// enough for the header timeout of those already in. The kernel caps the
/// figure at `net.core.somaxconn` (4096 on current Linux).
const BACKLOG: u32 = 1024;

/// Binds `host:port` with [`BACKLOG`], trying each address the name
/// resolves to. Called inside the server's runtime, which owns the socket.
fn listen(host: &str, port: u16) -> Result<tokio::net::TcpListener, String> {
    let cannot = |e: &dyn std::fmt::Display| format!("cannot listen on {host}:{port}: {e}");
    let mut last = None;
    for addr in (host, port).to_socket_addrs().map_err(|e| cannot(&e))? {
        let socket = match addr {
            SocketAddr::V4(_) => TcpSocket::new_v4(),
            SocketAddr::V6(_) => TcpSocket::new_v6(),
        };
        // SO_REUSEADDR as std sets it on Unix: a restarted server gets its
        // port back while the old connections linger in TIME_WAIT.
        #[cfg(unix)]
        let socket = socket.and_then(|s| s.set_reuseaddr(true).map(|()| s));
        match socket.and_then(|s| s.bind(addr).map(|()| s)).and_then(|s| s.listen(BACKLOG)) {
            Ok(listener) => return Ok(listener),
            Err(e) => last = Some(e),
        }
    }
    Err(cannot(
        &last.map_or_else(|| "the name has no address".to_string(), |e| e.to_string()),
    ))
}

/// Binds the socket and starts serving on a thread of its own.
pub fn start(options: Options) -> Result<Server, String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("runtime: {e}"))?;
    // Bound here, before `start` returns, so that a client may connect at once.
    let listener = {
        let _context = runtime.enter();
        listen(&options.host, options.port)?
    };
    let addr = listener.local_addr().map_err(|e| format!("socket: {e}"))?;
    let token = match options.token {
        Some(t) => guard::valid_token(&t).map(|()| t)?,
        None => new_token()?,
    };
    let guard = Arc::new(Guard::new(token.clone(), addr.port(), &options.host));
    let caps = options.caps;
    let live = options.tournament.map(|path| Live::new(path, caps.viewers));
    let app = Arc::new(App {
        searches: Searches::new(caps.searches),
        caps: caps.clone(),
        live: live.clone(),
    });
    let router = router(app, guard);
    let (shutdown, stop) = tokio::sync::oneshot::channel::<()>();
    let thread = std::thread::Builder::new()
        .name("gorgon-web".into())
        .spawn(move || {
            runtime.block_on(async move {
                if let Some(live) = live {
                    tokio::spawn(live.tail());
                }
                // Dropping the server (on shutdown) drops every connection,
                // hence every event stream, hence every search.
                tokio::select! {
                    () = serve(listener, router, &caps) => Ok(()),
                    _ = stop => Ok(()),
                }
            })
        })
        .map_err(|e| format!("cannot start the server thread: {e}"))?;
    Ok(Server {
        addr,
        token,
        shutdown: Some(shutdown),
        thread: Some(thread),
    })
}

impl Server {
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    pub fn token(&self) -> &str {
        &self.token
    }

    /// The URL to open: this machine's address for a server on every
    /// interface, the token in the query.
    pub fn url(&self) -> String {
        self.page_url("/")
    }

    /// The URL of the page at `path` (`/`, `/tournament`), the token in the query.
    pub fn page_url(&self, path: &str) -> String {
        let ip = match self.addr.ip() {
            a if a.is_unspecified() && a.is_ipv4() => "127.0.0.1".to_string(),
            a if a.is_unspecified() => "[::1]".to_string(),
            IpAddr::V6(a) => format!("[{a}]"),
            IpAddr::V4(a) => a.to_string(),
        };
        format!("http://{ip}:{}{path}?token={}", self.addr.port(), self.token)
    }

    /// Serves until the server fails (or is shut down elsewhere).
    pub fn wait(mut self) -> Result<(), String> {
        match self.thread.take().map(JoinHandle::join) {
            Some(Ok(r)) => r,
            Some(Err(_)) => Err("the server thread panicked".into()),
            None => Ok(()),
        }
    }

    /// Stops serving: open connections and their searches end.
    pub fn shutdown(mut self) -> Result<(), String> {
        if let Some(s) = self.shutdown.take() {
            let _ = s.send(());
        }
        self.wait()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(s) = self.shutdown.take() {
            let _ = s.send(());
        }
    }
}
