//! `gorgon serve --open`: the page in the user's default browser, through
//! the desktop's own opener (started once, at the user's request; the
//! server itself never runs a program).
//!
//! The URL holds the token, and a command line is readable by every user
//! of the machine (`ps`, `/proc/PID/cmdline`), so the opener is given a
//! file instead, as Jupyter does: a page only the user can read (mode
//! 0600, in the user's runtime directory when there is one) that sends
//! the browser on to the URL.

use std::fs::OpenOptions;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Where the launch page goes: `$XDG_RUNTIME_DIR` (the user's own, mode
/// 0700) when set, else the temporary directory.
fn launch_dir() -> PathBuf {
    std::env::var_os("XDG_RUNTIME_DIR")
        .map(PathBuf::from)
        .filter(|d| d.is_dir())
        .unwrap_or_else(std::env::temp_dir)
}

/// `&`, `<`, `>`, `"` as HTML entities (the URL goes into an attribute).
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Writes the page that redirects to `url` in `dir`, readable and
/// writable by the user alone; replaces the file of an earlier run of the
/// same process id.
pub fn write_launch_page(url: &str, dir: &Path) -> Result<PathBuf, String> {
    let path = dir.join(format!("gorgon-serve-{}-open.html", std::process::id()));
    let url = escape(url);
    let page = format!(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">\n<meta name=\"referrer\" content=\"no-referrer\">\n\
         <meta http-equiv=\"refresh\" content=\"0;url={url}\">\n<title>Gorgon's board</title></head>\n\
         <body><p>Opening <a href=\"{url}\">Gorgon's board</a>.</p></body></html>\n"
    );
    // A file left by an earlier process of this id is replaced, never
    // written through (it could be a link planted by someone else).
    let _ = std::fs::remove_file(&path);
    let mut options = OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(&path).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    file.write_all(page.as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(path)
}

/// Asks the desktop to open `url` through a launch page; an error says
/// what failed. Returns the page's path (the server removes it when it
/// ends).
pub fn in_browser(url: &str) -> Result<PathBuf, String> {
    let page = write_launch_page(url, &launch_dir())?;
    let target = page.as_os_str();
    let (program, args): (&str, Vec<&std::ffi::OsStr>) = if cfg!(target_os = "macos") {
        ("open", vec![target])
    } else if cfg!(windows) {
        // `start`'s first quoted argument is a window title.
        ("cmd", vec!["/C".as_ref(), "start".as_ref(), "".as_ref(), target])
    } else {
        ("xdg-open", vec![target])
    };
    let mut child = Command::new(program)
        .args(&args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot run {program} to open the browser: {e}"))?;
    // Reap it when it ends, so no zombie stays while the server runs.
    std::thread::spawn(move || child.wait());
    Ok(page)
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    /// The opener is handed a file only the user can read, never the
    /// token: a stand-in `xdg-open` first on the PATH records what it was
    /// given.
    #[test]
    fn the_token_goes_through_a_private_file_not_a_command_line() {
        let dir = std::env::temp_dir().join(format!("gorgon-open-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let record = dir.join("args");
        let opener = dir.join("xdg-open");
        std::fs::write(&opener, format!("#!/bin/sh\nprintf '%s\\n' \"$@\" > '{}'\n", record.display())).unwrap();
        std::fs::set_permissions(&opener, std::fs::Permissions::from_mode(0o700)).unwrap();
        let path = std::env::var_os("PATH").unwrap_or_default();
        let mut paths = vec![dir.clone()];
        paths.extend(std::env::split_paths(&path));
        std::env::set_var("PATH", std::env::join_paths(paths).unwrap());
        std::env::set_var("XDG_RUNTIME_DIR", &dir);
        let token = "0123456789abcdef0123456789abcdef";
        let url = format!("http://127.0.0.1:8123/?token={token}");
        let page = in_browser(&url).unwrap();
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while !record.exists() || std::fs::read_to_string(&record).unwrap().is_empty() {
            assert!(std::time::Instant::now() < deadline, "the opener never ran");
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let args = std::fs::read_to_string(&record).unwrap();
        assert!(!args.contains(token), "the token on the opener's command line: {args}");
        assert_eq!(args.trim(), page.display().to_string());
        let mode = std::fs::metadata(&page).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "{mode:o}");
        let html = std::fs::read_to_string(&page).unwrap();
        assert!(html.contains(&format!("content=\"0;url={}\"", url)), "{html}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
