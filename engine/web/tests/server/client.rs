//! A small HTTP/1.1 client over a real socket, for the server's tests: it
//! sends exactly the headers it is given (a wrong Host, no token), reads
//! chunked bodies, and reads server-sent events as they come.

use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;
use web::{Caps, Options, Server};

/// A server on a free loopback port.
pub fn server(caps: Caps) -> Server {
    web::start(Options {
        host: "127.0.0.1".into(),
        port: 0,
        caps,
        tournament: None,
        token: None,
    })
    .expect("the server starts")
}

/// A server showing the tournament of the event log at `path`.
pub fn tournament_server(caps: Caps, path: &std::path::Path) -> Server {
    web::start(Options {
        host: "127.0.0.1".into(),
        port: 0,
        caps,
        tournament: Some(path.to_path_buf()),
        token: None,
    })
    .expect("the server starts")
}

/// Caps small enough for tests on a shared machine.
pub fn test_caps() -> Caps {
    Caps {
        threads: 1,
        hash_mb: 16,
        seconds: 60,
        ..Caps::default()
    }
}

#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Reply {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }
}

/// The headers a same-origin page sends: Host, Origin and the token.
pub fn page_headers(server: &Server) -> Vec<(String, String)> {
    let host = format!("127.0.0.1:{}", server.addr().port());
    vec![
        ("Host".into(), host.clone()),
        ("Origin".into(), format!("http://{host}")),
        ("X-Gorgon-Token".into(), server.token().to_string()),
    ]
}

fn send(addr: SocketAddr, method: &str, path: &str, headers: &[(String, String)], body: &[u8]) -> TcpStream {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).unwrap();
    stream.write_all(body).unwrap();
    stream
}

fn read_head(reader: &mut impl BufRead) -> (u16, Vec<(String, String)>) {
    let mut line = String::new();
    reader.read_line(&mut line).expect("status line");
    let status = line
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("status line: {line:?}"));
    let mut headers = Vec::new();
    loop {
        line.clear();
        reader.read_line(&mut line).unwrap();
        let l = line.trim_end();
        if l.is_empty() {
            break;
        }
        if let Some((n, v)) = l.split_once(':') {
            headers.push((n.trim().to_string(), v.trim().to_string()));
        }
    }
    (status, headers)
}

/// Reads one chunk of a chunked body; `None` at the last.
fn read_chunk(reader: &mut impl BufRead) -> Option<Vec<u8>> {
    let mut size = String::new();
    if reader.read_line(&mut size).ok()? == 0 {
        return None;
    }
    let n = usize::from_str_radix(size.trim(), 16).ok()?;
    let mut data = vec![0; n + 2];
    reader.read_exact(&mut data).ok()?;
    data.truncate(n);
    (n > 0).then_some(data)
}

/// The body after `headers`: as long as Content-Length says, chunked, or
/// up to the end of the connection.
fn read_body(reader: &mut impl BufRead, headers: &[(String, String)]) -> Vec<u8> {
    let header = |name: &str| headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str());
    let mut bytes = Vec::new();
    if header("transfer-encoding").is_some_and(|v| v.contains("chunked")) {
        while let Some(chunk) = read_chunk(reader) {
            bytes.extend(chunk);
        }
    } else if let Some(length) = header("content-length").and_then(|v| v.parse::<usize>().ok()) {
        bytes.resize(length, 0);
        reader.read_exact(&mut bytes).unwrap();
    } else {
        reader.read_to_end(&mut bytes).unwrap();
    }
    bytes
}

/// The next reply on a connection; the connection stays open for
/// whatever the caller reads next.
pub fn read_reply(reader: &mut BufReader<TcpStream>) -> Reply {
    let (status, headers) = read_head(reader);
    let bytes = read_body(reader, &headers);
    Reply {
        status,
        headers,
        body: String::from_utf8_lossy(&bytes).into_owned(),
    }
}

/// A connection on which exactly `bytes` were written: a request cut
/// anywhere, or one kept alive.
pub fn raw(addr: SocketAddr, bytes: &[u8]) -> TcpStream {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    stream.write_all(bytes).unwrap();
    stream
}

/// One request, the whole reply.
pub fn request(addr: SocketAddr, method: &str, path: &str, headers: &[(String, String)], body: &str) -> Reply {
    read_reply(&mut BufReader::new(send(addr, method, path, headers, body.as_bytes())))
}

/// A POST as the page makes it.
pub fn post(server: &Server, path: &str, body: &str) -> Reply {
    request(server.addr(), "POST", path, &page_headers(server), body)
}

/// A POST as the page makes it; a streamed reply (an event stream) is
/// left unread, its connection closed.
pub fn post_head(server: &Server, path: &str, body: &str) -> Reply {
    let mut reader = BufReader::new(send(server.addr(), "POST", path, &page_headers(server), body.as_bytes()));
    let (status, headers) = read_head(&mut reader);
    let streamed = headers
        .iter()
        .any(|(n, v)| n.eq_ignore_ascii_case("content-type") && v.starts_with("text/event-stream"));
    let bytes = if streamed { Vec::new() } else { read_body(&mut reader, &headers) };
    Reply {
        status,
        headers,
        body: String::from_utf8_lossy(&bytes).into_owned(),
    }
}

/// The events of a streamed reply, read as they arrive.
pub struct EventStream {
    pub status: u16,
    reader: BufReader<TcpStream>,
    pending: String,
    /// The `id:` of the last event read, if it had one.
    pub last_id: Option<String>,
    /// The server's time of the last `time` event (a tournament stream's).
    pub server_now: Option<u64>,
}

/// Opens a GET event stream (a tournament's) with the page's headers and
/// `extra` ones (`Last-Event-ID`).
pub fn watch(server: &Server, path: &str, extra: &[(&str, &str)]) -> EventStream {
    let mut headers = page_headers(server);
    headers.extend(extra.iter().map(|(n, v)| (n.to_string(), v.to_string())));
    let mut reader = BufReader::new(send(server.addr(), "GET", path, &headers, b""));
    let (status, _) = read_head(&mut reader);
    EventStream {
        status,
        reader,
        pending: String::new(),
        last_id: None,
        server_now: None,
    }
}

/// Starts a streamed POST (search, review).
pub fn stream(server: &Server, path: &str, body: &str) -> EventStream {
    let mut reader = BufReader::new(send(server.addr(), "POST", path, &page_headers(server), body.as_bytes()));
    let (status, _) = read_head(&mut reader);
    EventStream {
        status,
        reader,
        pending: String::new(),
        last_id: None,
        server_now: None,
    }
}

impl EventStream {
    /// The next event (name, JSON data), skipping keep-alive comments;
    /// `None` when the stream ends.
    pub fn next_event(&mut self) -> Option<(String, serde_json::Value)> {
        loop {
            if let Some(end) = self.pending.find("\n\n") {
                let block: String = self.pending.drain(..end + 2).collect();
                let mut name = String::from("message");
                let mut data = String::new();
                for line in block.lines() {
                    if let Some(v) = line.strip_prefix("event:") {
                        name = v.trim().to_string();
                    } else if let Some(v) = line.strip_prefix("data:") {
                        data.push_str(v.trim_start());
                    } else if let Some(v) = line.strip_prefix("id:") {
                        self.last_id = Some(v.trim().to_string());
                    }
                }
                if data.is_empty() {
                    continue;
                }
                let data: serde_json::Value = serde_json::from_str(&data).expect("event data is JSON");
                // A tournament stream's clock (no line of the log): kept,
                // not returned.
                if name == "time" {
                    self.server_now = data["now"].as_u64();
                    continue;
                }
                return Some((name, data));
            }
            let chunk = read_chunk(&mut self.reader)?;
            self.pending.push_str(&String::from_utf8_lossy(&chunk));
        }
    }

    /// Every event until the stream ends.
    pub fn rest(&mut self) -> Vec<(String, serde_json::Value)> {
        std::iter::from_fn(|| self.next_event()).collect()
    }
}
