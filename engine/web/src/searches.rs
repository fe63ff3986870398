//! Who is searching: at most one search (or review) per page, and at most
//! `Caps::searches` over all pages. A page names itself with a random id
//! it makes at load; its new request stops its old one.

use crate::error::ApiError;
use crate::stop::Stopper;
use axum::http::StatusCode;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// The running requests by page.
#[derive(Debug)]
pub struct Searches {
    cap: usize,
    pages: Mutex<HashMap<String, (u64, Arc<Stopper>)>>,
    next: AtomicU64,
}

/// A page's slot while its request runs; dropping it frees the slot.
#[derive(Debug)]
pub struct PageSlot {
    searches: Arc<Searches>,
    page: String,
    id: u64,
    pub stopper: Arc<Stopper>,
}

/// A page id: 1 to 64 letters, digits, `-` or `_`.
pub fn check_page(page: &str) -> Result<(), ApiError> {
    let ok = (1..=64).contains(&page.len()) && page.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if ok {
        Ok(())
    } else {
        Err(ApiError::malformed("page: 1 to 64 letters, digits, '-' or '_'"))
    }
}

impl Searches {
    pub fn new(cap: usize) -> Arc<Searches> {
        Arc::new(Searches {
            cap: cap.max(1),
            pages: Mutex::new(HashMap::new()),
            next: AtomicU64::new(1),
        })
    }

    /// Takes the page's slot, stopping whatever the page ran before; 429
    /// when other pages already hold every slot.
    pub fn begin(self: &Arc<Self>, page: &str) -> Result<PageSlot, ApiError> {
        check_page(page)?;
        let mut pages = self.pages.lock().unwrap_or_else(|e| e.into_inner());
        match pages.get(page) {
            Some((_, old)) => old.stop(),
            None if pages.len() >= self.cap => {
                return Err(ApiError::new(
                    StatusCode::TOO_MANY_REQUESTS,
                    format!("{} searches are running, the server's cap; stop one first", pages.len()),
                ))
            }
            None => {}
        }
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let stopper = Arc::new(Stopper::new());
        pages.insert(page.to_string(), (id, Arc::clone(&stopper)));
        Ok(PageSlot {
            searches: Arc::clone(self),
            page: page.to_string(),
            id,
            stopper,
        })
    }

    /// Stops the page's request; false if it had none running.
    pub fn stop(&self, page: &str) -> Result<bool, ApiError> {
        check_page(page)?;
        let pages = self.pages.lock().unwrap_or_else(|e| e.into_inner());
        Ok(match pages.get(page) {
            Some((_, stopper)) => {
                stopper.stop();
                true
            }
            None => false,
        })
    }

    /// Requests running now.
    pub fn running(&self) -> usize {
        self.pages.lock().unwrap_or_else(|e| e.into_inner()).len()
    }
}

impl Drop for PageSlot {
    fn drop(&mut self) {
        let mut pages = self.searches.pages.lock().unwrap_or_else(|e| e.into_inner());
        // A newer request of the same page has the slot now: leave it.
        if pages.get(&self.page).is_some_and(|(id, _)| *id == self.id) {
            pages.remove(&self.page);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_request_per_page_and_a_cap_over_pages() {
        let s = Searches::new(2);
        let a1 = s.begin("page-a").unwrap();
        let b = s.begin("page_b").unwrap();
        assert_eq!(s.running(), 2);
        assert_eq!(s.begin("page-c").unwrap_err().status, StatusCode::TOO_MANY_REQUESTS);
        // Page a's new request stops its old one, within the cap.
        let a2 = s.begin("page-a").unwrap();
        assert!(a1.stopper.stopped());
        assert!(!a2.stopper.stopped());
        // The old request ending leaves the new one its slot.
        drop(a1);
        assert_eq!(s.running(), 2);
        assert_eq!(s.stop("page-a"), Ok(true));
        assert!(a2.stopper.stopped());
        drop(a2);
        drop(b);
        assert_eq!(s.running(), 0);
        assert_eq!(s.stop("page-a"), Ok(false));
    }

    #[test]
    fn page_ids_are_checked() {
        let s = Searches::new(1);
        for bad in ["", "a b", "../x", &"x".repeat(65), "ü"] {
            assert_eq!(s.begin(bad).unwrap_err().status, StatusCode::BAD_REQUEST, "{bad}");
        }
        assert!(s.begin(&"x".repeat(64)).is_ok());
    }
}
