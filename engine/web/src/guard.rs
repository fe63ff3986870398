//! What keeps other web pages and other users out of a server on a shared
//! machine (docs/WEB.md, "Safety"). A loopback bind alone is not enough: a
//! page on another site can resolve its own name to 127.0.0.1 (DNS
//! rebinding) or post to the port from the user's browser. So:
//!
//! - the `Host` header must name this server: `localhost`, an IP literal,
//!   or the `--host` given, with this port (a rebinding attacker's page
//!   sends its own domain name);
//! - an `Origin`, when the browser sends one, must be this server's;
//!   `Sec-Fetch-Site: cross-site` is refused outright;
//! - the API needs the random token printed with the URL, in the
//!   `X-Gorgon-Token` header (a custom header, which no cross-site form or
//!   image can send, and which no CORS answer of ours ever allows).

use crate::error::ApiError;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::{Ipv4Addr, Ipv6Addr};
use std::sync::Arc;

/// The header that carries the token.
pub const TOKEN_HEADER: &str = "x-gorgon-token";

/// The server's identity and secret.
#[derive(Clone, Debug)]
pub struct Guard {
    token: String,
    port: u16,
    /// `--host` as given, lowercased, when it is a name rather than an address.
    host_name: Option<String>,
}

/// A token given rather than drawn (`--token-file`) must be one that
/// [`new_token`] could have drawn: 32 hex digits.
pub fn valid_token(token: &str) -> Result<(), String> {
    if token.len() == 32 && token.bytes().all(|b| b.is_ascii_hexdigit()) {
        Ok(())
    } else {
        Err("the token must be 32 hex digits (128 random bits, as gorgon serve draws it)".into())
    }
}

/// 128 random bits from the operating system, as 32 hex digits.
pub fn new_token() -> Result<String, String> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|e| format!("no random numbers for the API token: {e}"))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

fn forbidden(message: String) -> ApiError {
    ApiError::new(StatusCode::FORBIDDEN, message)
}

/// Equal strings, compared in time independent of where they differ.
fn same_secret(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// `host[:port]` split; IPv6 literals keep their brackets.
fn split_host(value: &str) -> Option<(&str, Option<&str>)> {
    if value.starts_with('[') {
        let end = value.find(']')?;
        let (name, rest) = value.split_at(end + 1);
        return match rest {
            "" => Some((name, None)),
            _ => Some((name, Some(rest.strip_prefix(':')?))),
        };
    }
    match value.rsplit_once(':') {
        Some((name, port)) => Some((name, Some(port))),
        None => Some((value, None)),
    }
}

impl Guard {
    /// A guard for a server on `port`, bound to `bound` (`127.0.0.1`, a
    /// name or an address given with `--host`).
    pub fn new(token: String, port: u16, bound: &str) -> Guard {
        let bound = bound.trim().to_ascii_lowercase();
        let is_address = bound.parse::<std::net::IpAddr>().is_ok();
        Guard {
            token,
            port,
            host_name: (!is_address && !bound.is_empty()).then_some(bound),
        }
    }

    pub fn token(&self) -> &str {
        &self.token
    }

    /// The `Host` header names this server.
    pub fn check_host(&self, host: Option<&str>) -> Result<(), ApiError> {
        let Some(value) = host else {
            return Err(forbidden("no Host header".into()));
        };
        let refuse = || forbidden(format!("Host '{value}' is not this server"));
        let (name, port) = split_host(value).ok_or_else(refuse)?;
        let port_ok = match port {
            Some(p) => p.parse::<u16>() == Ok(self.port),
            None => self.port == 80,
        };
        let name = name.to_ascii_lowercase();
        let name_ok = name == "localhost"
            || name.parse::<Ipv4Addr>().is_ok()
            || name
                .strip_prefix('[')
                .and_then(|n| n.strip_suffix(']'))
                .is_some_and(|n| n.parse::<Ipv6Addr>().is_ok())
            || self.host_name.as_deref() == Some(name.as_str());
        if port_ok && name_ok {
            Ok(())
        } else {
            Err(refuse())
        }
    }

    /// A browser's `Origin` (when sent) is the page this server served.
    pub fn check_origin(&self, origin: Option<&str>, host: &str, fetch_site: Option<&str>) -> Result<(), ApiError> {
        if fetch_site.is_some_and(|s| s.eq_ignore_ascii_case("cross-site")) {
            return Err(forbidden("cross-site requests are refused".into()));
        }
        match origin {
            None => Ok(()),
            Some(o) if o.eq_ignore_ascii_case(&format!("http://{host}")) => Ok(()),
            Some(o) => Err(forbidden(format!("Origin '{o}' is not this server"))),
        }
    }

    /// The API token.
    pub fn check_token(&self, token: Option<&str>) -> Result<(), ApiError> {
        match token {
            Some(t) if same_secret(t.as_bytes(), self.token.as_bytes()) => Ok(()),
            Some(_) => Err(forbidden("wrong API token: open the URL `gorgon serve` printed".into())),
            None => Err(ApiError::new(
                StatusCode::UNAUTHORIZED,
                "the API needs the token of the URL `gorgon serve` printed (header X-Gorgon-Token)",
            )),
        }
    }

    /// Every check a request to `path` needs: Host and Origin always, the
    /// token under `/api/`.
    pub fn check(&self, path: &str, headers: &HeaderMap) -> Result<(), ApiError> {
        let text = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
        // A header that is not visible ASCII counts as absent, hence refused.
        self.check_host(text("host"))?;
        let host = text("host").unwrap_or_default();
        self.check_origin(text("origin"), host, text("sec-fetch-site"))?;
        if path.starts_with("/api/") || path == "/api" {
            self.check_token(text(TOKEN_HEADER))?;
        }
        Ok(())
    }
}

/// The guard as an axum middleware, in front of every route.
pub async fn middleware(State(guard): State<Arc<Guard>>, request: Request, next: Next) -> Response {
    match guard.check(request.uri().path(), request.headers()) {
        Ok(()) => next.run(request).await,
        Err(e) => e.into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn guard() -> Guard {
        Guard::new("0123456789abcdef0123456789abcdef".into(), 8123, "127.0.0.1")
    }

    #[test]
    fn tokens_are_random_and_hex() {
        let (a, b) = (new_token().unwrap(), new_token().unwrap());
        assert_eq!(a.len(), 32);
        assert!(a.bytes().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
        assert_eq!(valid_token(&a), Ok(()));
        for bad in ["", "abc", &a[1..], &format!("{a}0"), &a.replace(&a[..1], "g")] {
            assert!(valid_token(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn host_must_be_this_server() {
        let g = guard();
        for ok in ["127.0.0.1:8123", "localhost:8123", "LOCALHOST:8123", "[::1]:8123", "10.1.2.3:8123"] {
            assert_eq!(g.check_host(Some(ok)), Ok(()), "{ok}");
        }
        for bad in [
            "evil.example:8123",
            "127.0.0.1:8124",
            "127.0.0.1",
            "localhost",
            "[::1]",
            "[::1",
            "[zz]:8123",
            "127.0.0.1:8123:1",
            "",
            "localhost.evil.example:8123",
        ] {
            assert_eq!(g.check_host(Some(bad)).unwrap_err().status, StatusCode::FORBIDDEN, "{bad}");
        }
        assert!(g.check_host(None).is_err());
        // A name given with --host is allowed too, and port 80 may go unsaid.
        let named = Guard::new("t".into(), 80, "Board.Lan");
        assert_eq!(named.check_host(Some("board.lan")), Ok(()));
        assert_eq!(named.check_host(Some("board.lan:80")), Ok(()));
        assert!(named.check_host(Some("other.lan")).is_err());
    }

    #[test]
    fn origin_must_be_this_page() {
        let g = guard();
        let host = "127.0.0.1:8123";
        assert_eq!(g.check_origin(None, host, None), Ok(()));
        assert_eq!(g.check_origin(Some("http://127.0.0.1:8123"), host, Some("same-origin")), Ok(()));
        for bad in ["http://evil.example", "null", "https://127.0.0.1:8123", "http://localhost:8123"] {
            assert!(g.check_origin(Some(bad), host, None).is_err(), "{bad}");
        }
        assert!(g.check_origin(None, host, Some("cross-site")).is_err());
    }

    #[test]
    fn the_api_needs_the_token() {
        let g = guard();
        let mut headers = HeaderMap::new();
        headers.insert("host", HeaderValue::from_static("localhost:8123"));
        assert_eq!(g.check("/", &headers), Ok(()), "the page itself needs no token");
        assert_eq!(g.check("/assets/js/main.js", &headers), Ok(()));
        assert_eq!(g.check("/api/config", &headers).unwrap_err().status, StatusCode::UNAUTHORIZED);
        headers.insert(TOKEN_HEADER, HeaderValue::from_static("0123456789abcdef0123456789abcdee"));
        assert_eq!(g.check("/api/config", &headers).unwrap_err().status, StatusCode::FORBIDDEN);
        headers.insert(TOKEN_HEADER, HeaderValue::from_static("0123456789abcdef0123456789abcdef"));
        assert_eq!(g.check("/api/config", &headers), Ok(()));
        headers.insert("origin", HeaderValue::from_static("http://evil.example"));
        assert_eq!(g.check("/api/config", &headers).unwrap_err().status, StatusCode::FORBIDDEN);
        // The host is checked first, whatever the path.
        let mut rebound = HeaderMap::new();
        rebound.insert("host", HeaderValue::from_static("attacker.example:8123"));
        assert!(g.check("/", &rebound).is_err());
    }

    #[test]
    fn secrets_compare_whole() {
        assert!(same_secret(b"abc", b"abc"));
        assert!(!same_secret(b"abc", b"abd"));
        assert!(!same_secret(b"abc", b"abcd"));
        assert!(!same_secret(b"", b"a"));
    }
}
