//! The server: routes, the guard and the security headers in front of
//! them, the listening socket, and its own thread with a current-thread
//! tokio runtime (handlers are short; searches run on their own threads).

use crate::caps::Caps;
use crate::error::ApiError;
use crate::guard::{self, new_token, Guard};
use crate::searches::Searches;
use crate::{api, review, search, typed, App};
use axum::extract::DefaultBodyLimit;
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::thread::JoinHandle;

/// What `gorgon serve` asks for.
#[derive(Clone, Debug)]
pub struct Options {
    /// The address or name to bind; `127.0.0.1` unless told otherwise.
    pub host: String,
    /// 0: any free port.
    pub port: u16,
    pub caps: Caps,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            host: "127.0.0.1".into(),
            port: 0,
            caps: Caps::default(),
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

/// Every route, behind the guard and the headers.
pub fn router(app: Arc<App>, guard: Arc<Guard>) -> Router {
    let body_limit = app.caps.body_bytes;
    Router::new()
        .route("/api/config", get(api::config))
        .route("/api/position", post(api::position))
        .route("/api/search", post(search::handler))
        .route("/api/review", post(review::handler))
        .route("/api/stop", post(api::stop))
        .route("/api/pgn/export", post(api::export))
        .route("/api/pgn/import", post(api::import))
        .route("/api/move", post(typed::handler))
        .merge(crate::assets::routes())
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(body_limit))
        .layer(middleware::from_fn_with_state(guard, guard::middleware))
        .layer(middleware::map_response(secure))
        .with_state(app)
}

/// True for an address only this machine reaches.
pub fn is_loopback(host: &str) -> bool {
    host.eq_ignore_ascii_case("localhost") || host.parse::<IpAddr>().is_ok_and(|a| a.is_loopback())
}

/// Binds the socket and starts serving on a thread of its own.
pub fn start(options: Options) -> Result<Server, String> {
    let listener = std::net::TcpListener::bind((options.host.as_str(), options.port))
        .map_err(|e| format!("cannot listen on {}:{}: {e}", options.host, options.port))?;
    listener.set_nonblocking(true).map_err(|e| format!("socket: {e}"))?;
    let addr = listener.local_addr().map_err(|e| format!("socket: {e}"))?;
    let token = new_token()?;
    let guard = Arc::new(Guard::new(token.clone(), addr.port(), &options.host));
    let app = Arc::new(App {
        searches: Searches::new(options.caps.searches),
        caps: options.caps,
    });
    let router = router(app, guard);
    let (shutdown, stop) = tokio::sync::oneshot::channel::<()>();
    let thread = std::thread::Builder::new()
        .name("gorgon-web".into())
        .spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .map_err(|e| format!("runtime: {e}"))?;
            runtime.block_on(async move {
                let listener = tokio::net::TcpListener::from_std(listener).map_err(|e| format!("socket: {e}"))?;
                // Dropping the server (on shutdown) drops every connection,
                // hence every event stream, hence every search.
                tokio::select! {
                    served = axum::serve(listener, router) => served.map_err(|e| format!("server: {e}")),
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
        let ip = match self.addr.ip() {
            a if a.is_unspecified() && a.is_ipv4() => "127.0.0.1".to_string(),
            a if a.is_unspecified() => "[::1]".to_string(),
            IpAddr::V6(a) => format!("[{a}]"),
            IpAddr::V4(a) => a.to_string(),
        };
        format!("http://{ip}:{}/?token={}", self.addr.port(), self.token)
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
