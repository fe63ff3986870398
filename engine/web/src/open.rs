//! `gorgon serve --open`: the page in the user's default browser, through
//! the desktop's own opener (started once, at the user's request; the
//! server itself never runs a program).

use std::process::{Command, Stdio};

/// Asks the desktop to open `url`; an error says which opener failed.
pub fn in_browser(url: &str) -> Result<(), String> {
    let (program, args): (&str, Vec<&str>) = if cfg!(target_os = "macos") {
        ("open", vec![url])
    } else if cfg!(windows) {
        // `start`'s first quoted argument is a window title.
        ("cmd", vec!["/C", "start", "", url])
    } else {
        ("xdg-open", vec![url])
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
    Ok(())
}
