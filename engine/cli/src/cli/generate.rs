//! `gorgon man` and `gorgon completions SHELL` (hidden): the man page and
//! the shell completions, rendered from the clap definitions themselves so
//! that neither can drift from the options. The Debian package's script
//! (scripts/package.sh) runs them; users get their output installed.

use clap::{Args, Command};
use clap_complete::Shell;
use clap_mangen::Man;
use std::io::{self, Write};

#[derive(Args)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish (also elvish, powershell).
    shell: Shell,
}

/// The page's section: Debian puts game programs, in /usr/games, in 6.
const SECTION: &str = "6";

/// What clap cannot know: how the engine is run without a subcommand, where
/// the package puts its files, where the documentation is.
const PROTOCOLS: &str = r#".SH XBOARD
In XBoard the legality test must be off, since XBoard's own test cannot
know the Medusa's gaze or the Morph:
.PP
.RS
xboard \-fcp gorgon \-variant pom \-testLegality false
.RE
.SH FILES
.TP
\fI/usr/share/games/plugins/xboard/gorgon.eng\fR
The XBoard plugin file, which lists Gorgon and its two variants in
XBoard's engine list (Engine > Load First Engine).
.TP
\fI/usr/share/games/plugins/logos/gorgon.png\fR
The logo XBoard shows beside the clock.
.SH SEE ALSO
\fBxboard\fR(6); \fBgorgon \fIcommand\fB \-\-help\fR for every option of a
command. The documentation (rules, protocols, the browser board, the search)
is in the docs/ folder of the source tree.
"#;

/// The man page, roff on `out`: clap_mangen's page of the top-level command,
/// then one section per visible subcommand (its synopsis, description and
/// options), then the sections above.
pub fn man(cmd: Command, out: &mut dyn Write) -> io::Result<()> {
    let mut cmd = cmd;
    cmd.build();
    let name = cmd.get_name().to_string();
    let page = Man::new(cmd.clone()).title(name.to_uppercase()).section(SECTION).manual("Gorgon");
    page.render_title(out)?;
    page.render_name_section(out)?;
    page.render_synopsis_section(out)?;
    page.render_description_section(out)?;
    page.render_options_section(out)?;
    // clap_mangen's SUBCOMMANDS section points to one page per command
    // (gorgon-perft(6)); here they are sections of this page instead.
    writeln!(out, ".SH COMMANDS")?;
    for sub in visible(&cmd) {
        writeln!(out, ".TP\n\\fB{}\\fR", roff_text(sub.get_bin_name().unwrap_or(sub.get_name())))?;
        writeln!(out, "{}", roff_text(&sub.get_about().map(|a| a.to_string()).unwrap_or_default()))?;
    }
    for sub in visible(&cmd) {
        subcommand_sections(sub, out)?;
    }
    out.write_all(PROTOCOLS.as_bytes())?;
    page.render_version_section(out)
}

/// The subcommands a user sees: neither hidden nor clap's `help`.
fn visible(cmd: &Command) -> impl Iterator<Item = &Command> {
    cmd.get_subcommands().filter(|s| !s.is_hide_set() && s.get_name() != "help")
}

/// Text safe in a roff line: a backslash written as `\e`, a leading `.` or `'`
/// (a request) escaped.
fn roff_text(text: &str) -> String {
    let text = text.replace('\\', "\\e");
    if text.starts_with('.') || text.starts_with('\'') {
        format!("\\&{text}")
    } else {
        text
    }
}

/// One `.SH` section for a subcommand (its full name, "gorgon book build"),
/// then its own subcommands' sections.
fn subcommand_sections(sub: &Command, out: &mut dyn Write) -> io::Result<()> {
    let full = sub.get_bin_name().unwrap_or(sub.get_name()).to_string();
    writeln!(out, ".SH \"{}\"", full.to_uppercase())?;
    let page = Man::new(sub.clone()).section(SECTION);
    let mut synopsis = Vec::new();
    page.render_synopsis_section(&mut synopsis)?;
    let mut description = Vec::new();
    page.render_description_section(&mut description)?;
    let mut sections = vec![("Synopsis", synopsis), ("Description", description)];
    if sub.get_arguments().any(|a| !a.is_hide_set()) {
        let mut options = Vec::new();
        page.render_options_section(&mut options)?;
        sections.push(("Options", options));
    }
    // Each render_* writes roff's preamble and its own `.SH` heading first;
    // under the subcommand's heading they become subsections, so everything
    // up to that heading is replaced by a `.SS`.
    for (heading, body) in sections {
        let body = String::from_utf8_lossy(&body);
        let rest = body
            .split_once("\n.SH ")
            .and_then(|(_, r)| r.split_once('\n'))
            .map_or("", |(_, r)| r);
        writeln!(out, ".SS {heading}")?;
        out.write_all(rest.as_bytes())?;
    }
    for inner in visible(sub) {
        subcommand_sections(inner, out)?;
    }
    Ok(())
}

/// Writes `bytes` to stdout, or ends the process quietly (status 0) if
/// stdout is closed, as `engine::stdio::write_line` does for every other
/// output (`gorgon man | head` must not panic: clap_complete's writer
/// would, and with `panic = "abort"` that is a SIGABRT).
pub fn write_stdout(bytes: &[u8]) {
    let mut out = io::stdout().lock();
    if out.write_all(bytes).and_then(|()| out.flush()).is_err() {
        std::process::exit(0);
    }
}

/// The completion script for a shell, on `out`.
/// clap_complete offers hidden subcommands too, so the script is made from
/// a copy of the command without them (`gorgon man` and this one are for
/// packagers, not for the prompt).
pub fn completions(cmd: Command, args: &CompletionsArgs, out: &mut dyn Write) {
    let mut shown = Command::new(crate::NAME)
        .version(crate::VERSION)
        .args(cmd.get_arguments().cloned())
        .subcommands(cmd.get_subcommands().filter(|s| !s.is_hide_set()).cloned());
    if let Some(about) = cmd.get_about() {
        shown = shown.about(about.clone());
    }
    clap_complete::generate(args.shell, &mut shown, crate::NAME, out);
}
