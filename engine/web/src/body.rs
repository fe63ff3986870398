//! The request body as bytes, its refusals (too large, unreadable) in the
//! server's JSON shape like every other.

use crate::error::ApiError;
use axum::body::Bytes;
use axum::extract::{FromRequest, Request};

/// A request body within the server's size cap.
pub struct Body(pub Bytes);

impl<S: Send + Sync> FromRequest<S> for Body {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Body, ApiError> {
        Bytes::from_request(request, state)
            .await
            .map(Body)
            .map_err(|e| ApiError::new(e.status(), format!("request body: {}", e.body_text())))
    }
}
