//! CPU work off the event loop. The server runs every connection on one
//! thread (a current-thread runtime): a replay, an import or an export
//! done there would hold up every other page for as long as it takes, so
//! handlers hand such work to tokio's blocking threads and wait for it.

use crate::error::ApiError;
use axum::http::StatusCode;

/// Runs `work` on a blocking thread; the event loop serves the other
/// requests meanwhile.
pub async fn off_loop<T: Send + 'static>(work: impl FnOnce() -> Result<T, ApiError> + Send + 'static) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(work).await.unwrap_or_else(|e| {
        Err(ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the request's work ended abnormally: {e}"),
        ))
    })
}
