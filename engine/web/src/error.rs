//! The one shape of every refusal: an HTTP status and `{"error": "..."}`,
//! the message being the rules crate's (or the guard's, or a cap's) words.

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

/// A request the server refuses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    pub status: StatusCode,
    pub message: String,
}

impl ApiError {
    /// 400: the body is not the JSON the endpoint reads.
    pub fn malformed(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// 422: well-formed, but the rules (or a cap) refuse it: an illegal
    /// move, a bad FEN, a finished game, too many threads.
    pub fn refused(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, message)
    }

    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({ "error": self.message }).to_string();
        (self.status, [(header::CONTENT_TYPE, "application/json")], body).into_response()
    }
}

/// A JSON value as a 200 response.
pub fn json(value: serde_json::Value) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], value.to_string()).into_response()
}

/// Reads a request body as `T`; serde's message says what is wrong and
/// where (`missing field \`variant\` at line 1 column 2`).
pub fn parse<T: serde::de::DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    serde_json::from_slice(body).map_err(|e| ApiError::malformed(format!("bad request body: {e}")))
}
