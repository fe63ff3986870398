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
    /// Keep the API token in FILE (made, readable by its owner only, when
    /// missing): a server restarted with the same file and --port is the
    /// same server to the pages left open, which reconnect.
    #[arg(long, value_name = "FILE")]
    token_file: Option<std::path::PathBuf>,
}

/// The token kept in `path`, or a new one written there.
fn kept_token(path: &std::path::Path) -> Result<String, String> {
    match std::fs::read_to_string(path) {
        Ok(text) => {
            let token = text.trim().to_string();
            web::guard::valid_token(&token).map_err(|e| format!("{}: {e}", path.display()))?;
            Ok(token)
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let token = web::guard::new_token()?;
            let mut options = std::fs::OpenOptions::new();
            options.write(true).create_new(true);
            #[cfg(unix)]
            std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
            let mut file = options
                .open(path)
                .map_err(|e| format!("cannot write the token file '{}': {e}", path.display()))?;
            std::io::Write::write_all(&mut file, format!("{token}\n").as_bytes())
                .map_err(|e| format!("cannot write the token file '{}': {e}", path.display()))?;
            Ok(token)
        }
        Err(e) => Err(format!("cannot read the token file '{}': {e}", path.display())),
    }
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
        token: args.token_file.as_deref().map(kept_token).transpose()?,
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
