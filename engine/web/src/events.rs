//! The engine's output to the page: server-sent events on the response to
//! the request that started the search (`info`, then `bestmove`; a review
//! sends `progress`, then `review`; `stopped` when stopped). The page reads
//! them with `fetch`, so the token travels in a header and the request is
//! a JSON POST like every other. When the page goes away the response is
//! dropped, and with it the search.

use crate::stop::Stopper;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_core::Stream;
use std::convert::Infallible;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::sync::mpsc;

/// The searching thread's end.
#[derive(Clone, Debug)]
pub struct Sender(mpsc::UnboundedSender<Event>);

impl Sender {
    /// Sends one event; false once the page has gone.
    pub fn send(&self, name: &str, data: &serde_json::Value) -> bool {
        self.0.send(Event::default().event(name).data(data.to_string())).is_ok()
    }
}

/// The response's end: the events in order, and the request's stopper,
/// stopped when the response is dropped (the page closed or aborted it).
pub struct Events {
    rx: mpsc::UnboundedReceiver<Event>,
    stopper: Arc<Stopper>,
}

/// A pair of ends for one request.
pub fn channel(stopper: Arc<Stopper>) -> (Sender, Events) {
    let (tx, rx) = mpsc::unbounded_channel();
    (Sender(tx), Events { rx, stopper })
}

impl Stream for Events {
    type Item = Result<Event, Infallible>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        self.rx.poll_recv(cx).map(|e| e.map(Ok))
    }
}

impl Drop for Events {
    fn drop(&mut self) {
        self.stopper.stop();
    }
}

/// The events as a `text/event-stream` response. A comment every second
/// keeps writing to the connection, so a page that went away is noticed
/// (and its search stopped) within a second even while a deep iteration
/// reports nothing.
pub fn response(events: Events) -> Response {
    Sse::new(events)
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(1)))
        .into_response()
}
