//! `gorgon serve`: the browser board (the gorgon-web package, docs/WEB.md).

use clap::Args;
use web::{is_loopback, Caps, Options};

#[derive(Args)]
pub struct ServeArgs {
    /// Port to listen on; 0 picks a free one.
    #[arg(long, default_value_t = 0)]
    port: u16,
    /// Address to listen on. Anything but a loopback address lets other
    /// machines reach the board (the token still guards the API).
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// Open the page in the default browser.
    #[arg(long)]
    open: bool,
    /// Most search threads one search may use (default: the cores).
    #[arg(long)]
    max_threads: Option<usize>,
    /// Most hash one search may use, MB.
    #[arg(long, default_value_t = 256)]
    max_hash: usize,
    /// Most searches (and reviews) running at once over all pages; as
    /// many pages keep their engine between searches.
    #[arg(long, default_value_t = 2)]
    max_searches: usize,
    /// Most connections open at once; one more waits to be accepted until
    /// one closes (a page holds an event stream and a few requests).
    #[arg(long, default_value_t = 256)]
    max_connections: usize,
    /// Show a running tournament live: the event log `gorgon-match
    /// --events FILE` writes (read only; the page is /tournament).
    #[arg(long, value_name = "FILE")]
    tournament: Option<std::path::PathBuf>,
    /// Most tournament event streams open at once (pages watching).
    #[arg(long, default_value_t = 32)]
    max_viewers: usize,
}

pub fn run(args: &ServeArgs) -> Result<(), String> {
    if !is_loopback(&args.host) {
        eprintln!(
            "warning: listening on {}: other machines can reach this board; only the token in the URL keeps them out",
            args.host
        );
    }
    let defaults = Caps::default();
    let caps = Caps {
        threads: args.max_threads.unwrap_or(defaults.threads).max(1),
        hash_mb: args.max_hash.max(1),
        searches: args.max_searches.max(1),
        connections: args.max_connections.max(1),
        viewers: args.max_viewers.max(1),
        ..defaults
    };
    let server = web::start(Options {
        host: args.host.clone(),
        port: args.port,
        caps,
        tournament: args.tournament.clone(),
    })?;
    let url = match &args.tournament {
        Some(_) => server.page_url("/tournament"),
        None => server.url(),
    };
    if let Some(file) = &args.tournament {
        out!("Tournament {}: {url}", file.display());
    } else {
        out!("Gorgon's board: {url}");
    }
    eprintln!("Open that URL in a browser (the token in it is the key to the API); Ctrl-C stops the server.");
    let page = if args.open {
        web::open::in_browser(&url).map_err(|e| eprintln!("warning: {e}")).ok()
    } else {
        None
    };
    let served = server.wait();
    if let Some(page) = page {
        let _ = std::fs::remove_file(page);
    }
    served
}
