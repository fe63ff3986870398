//! Who is searching: at most one search (or review) per page, and at most
//! `Caps::searches` over all pages. A page names itself with a random id
//! it makes at load; its new request stops its old one. Each page keeps
//! one engine between its searches (its table and histories carry over,
//! as in a GUI's engine), and at most `Caps::searches` pages keep one: the
//! engine of the page idle longest goes first.

use crate::error::ApiError;
use crate::stop::Stopper;
use axum::http::StatusCode;
use engine::player::Engine;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// A page's engine and the table size it was given, MB.
pub struct PageEngine {
    pub engine: Engine,
    pub hash_mb: usize,
}

impl std::fmt::Debug for PageEngine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PageEngine")
            .field("threads", &self.engine.threads())
            .field("hash_mb", &self.hash_mb)
            .finish()
    }
}

/// Where a page's engine is kept. A search holds the lock while it runs,
/// so the page's next search starts only once the one it replaced (told
/// to stop) has ended: never two engines, nor two searches, for one page.
pub type EngineCell = Arc<Mutex<Option<PageEngine>>>;

#[derive(Debug)]
struct Page {
    /// The request running, if any, and its stopper.
    running: Option<(u64, Arc<Stopper>)>,
    engine: EngineCell,
    /// The id of the page's latest request: the page idle longest has
    /// the smallest.
    used: u64,
}

/// The running requests by page.
#[derive(Debug)]
pub struct Searches {
    cap: usize,
    pages: Mutex<HashMap<String, Page>>,
    next: AtomicU64,
}

/// A page's slot while its request runs; dropping it frees the slot.
#[derive(Debug)]
pub struct PageSlot {
    searches: Arc<Searches>,
    page: String,
    id: u64,
    pub stopper: Arc<Stopper>,
    /// The page's engine, to lock for the search.
    pub engine: EngineCell,
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
            Some(p) => {
                if let Some((_, old)) = &p.running {
                    old.stop();
                }
            }
            None => {
                let running = pages.values().filter(|p| p.running.is_some()).count();
                if running >= self.cap {
                    return Err(ApiError::new(
                        StatusCode::TOO_MANY_REQUESTS,
                        format!("{running} searches are running, the server's cap; stop one first"),
                    ));
                }
                // Room for one more engine: idle pages give theirs up,
                // the one idle longest first.
                while pages.len() >= self.cap {
                    let idle = pages
                        .iter()
                        .filter(|(_, p)| p.running.is_none())
                        .min_by_key(|(_, p)| p.used)
                        .map(|(name, _)| name.clone());
                    match idle {
                        Some(name) => pages.remove(&name),
                        None => break,
                    };
                }
                pages.insert(
                    page.to_string(),
                    Page {
                        running: None,
                        engine: Arc::new(Mutex::new(None)),
                        used: 0,
                    },
                );
            }
        }
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let stopper = Arc::new(Stopper::new());
        let engine = match pages.get_mut(page) {
            Some(p) => {
                p.running = Some((id, Arc::clone(&stopper)));
                p.used = id;
                Arc::clone(&p.engine)
            }
            None => return Err(ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "the page's slot vanished")),
        };
        Ok(PageSlot {
            searches: Arc::clone(self),
            page: page.to_string(),
            id,
            stopper,
            engine,
        })
    }

    /// Stops the page's request; false if it had none running.
    pub fn stop(&self, page: &str) -> Result<bool, ApiError> {
        check_page(page)?;
        let pages = self.pages.lock().unwrap_or_else(|e| e.into_inner());
        Ok(match pages.get(page).and_then(|p| p.running.as_ref()) {
            Some((_, stopper)) => {
                stopper.stop();
                true
            }
            None => false,
        })
    }

    /// Requests running now.
    pub fn running(&self) -> usize {
        let pages = self.pages.lock().unwrap_or_else(|e| e.into_inner());
        pages.values().filter(|p| p.running.is_some()).count()
    }

    /// Pages keeping an engine (made or to be made): at most the cap.
    pub fn engines(&self) -> usize {
        self.pages.lock().unwrap_or_else(|e| e.into_inner()).len()
    }
}

impl Drop for PageSlot {
    fn drop(&mut self) {
        let mut pages = self.searches.pages.lock().unwrap_or_else(|e| e.into_inner());
        // A newer request of the same page has the slot now: leave it.
        if let Some(p) = pages.get_mut(&self.page) {
            if p.running.as_ref().is_some_and(|(id, _)| *id == self.id) {
                p.running = None;
            }
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

    /// A page's searches share one engine; pages with nothing running
    /// give theirs up, the one idle longest first, so that no more than
    /// the cap keep one.
    #[test]
    fn a_page_keeps_its_engine_and_idle_pages_give_theirs_up() {
        let s = Searches::new(2);
        let a1 = s.begin("a").unwrap();
        let a2 = s.begin("a").unwrap();
        assert!(Arc::ptr_eq(&a1.engine, &a2.engine), "one engine per page");
        drop((a1, a2));
        let a3 = s.begin("a").unwrap();
        drop(a3);
        let b = s.begin("b").unwrap();
        assert_eq!(s.engines(), 2);
        let first_b = Arc::clone(&b.engine);
        drop(b);
        // Page c comes: page a, idle longest, gives up its engine.
        let c = s.begin("c").unwrap();
        assert_eq!(s.engines(), 2);
        let b_again = s.begin("b").unwrap();
        assert!(Arc::ptr_eq(&first_b, &b_again.engine), "page b kept its engine");
        // Both slots run: a new page is refused, and takes no engine.
        assert_eq!(s.begin("a").unwrap_err().status, StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(s.engines(), 2);
        drop((c, b_again));
        let a4 = s.begin("a").unwrap();
        assert_eq!(s.engines(), 2);
        drop(a4);
    }
}
