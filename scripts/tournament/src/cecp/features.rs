//! Feature negotiation: after `protover 2` a CECP engine lists its
//! `feature`s until `done=1`, and the runner accepts each one it uses or
//! can do without and rejects the rest (SAN, signals, analysis, ...). What
//! was agreed decides what the driver may send (`ping`, `setboard`,
//! `usermove`, `time`/`otim`, `memory`, `cores`), whether a process may
//! play another game, and whether the engine plays the variant at all.

use crate::error::EngineError;
use crate::process::{Process, Recv};
use protocol::cecp::{parse_reply, Command, Feature, FeatureValue, Reply};
use rules::Variant;
use std::time::{Duration, Instant};

/// What the engine's `feature` lines said (the protocol's defaults where
/// it said nothing).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Features {
    pub ping: bool,
    pub setboard: bool,
    pub usermove: bool,
    /// `time` and `otim` wanted.
    pub time: bool,
    /// The process may play another game.
    pub reuse: bool,
    /// `memory` and `cores` understood.
    pub memory: bool,
    pub smp: bool,
    pub myname: Option<String>,
    /// The variants it plays (`None`: it did not say).
    pub variants: Option<Vec<String>>,
    /// `done=1` (true) or `done=0` (false: it needs more time) came.
    pub done: Option<bool>,
}

impl Default for Features {
    fn default() -> Features {
        Features {
            ping: false,
            setboard: false,
            usermove: false,
            time: true,
            reuse: true,
            memory: false,
            smp: false,
            myname: None,
            variants: None,
            done: None,
        }
    }
}

impl Features {
    /// Takes one feature; true to accept it, false to reject it (the runner
    /// does not do what it asks for: SAN, signals, analysis, ...).
    pub fn take(&mut self, f: &Feature) -> bool {
        let flag = match &f.value {
            FeatureValue::Bool(b) => *b,
            FeatureValue::Int(n) => *n != 0,
            FeatureValue::Str(s) => s == "1",
        };
        let text = match &f.value {
            FeatureValue::Str(s) => s.clone(),
            FeatureValue::Bool(b) => u8::from(*b).to_string(),
            FeatureValue::Int(n) => n.to_string(),
        };
        match f.name.as_str() {
            "ping" => self.ping = flag,
            "setboard" => self.setboard = flag,
            "usermove" => self.usermove = flag,
            "time" => self.time = flag,
            "reuse" => self.reuse = flag,
            "memory" => self.memory = flag,
            "smp" => self.smp = flag,
            // The runner writes and reads coordinates only, and sends no
            // signals: those are accepted only switched off.
            "san" | "sigint" | "sigterm" => return !flag,
            "myname" => self.myname = Some(text),
            "variants" => self.variants = Some(text.split(',').map(|v| v.trim().to_string()).collect()),
            "done" => self.done = Some(flag),
            // Nothing for the runner to do.
            "colors" | "debug" | "option" => {}
            _ => return false,
        }
        true
    }

    /// True if the engine plays `variant` (or did not list its variants).
    /// A board-size prefix (`11x11+0_pom`) is allowed.
    pub fn plays(&self, variant: Variant) -> bool {
        let name = variant.name();
        self.variants
            .as_ref()
            .is_none_or(|vs| vs.iter().any(|v| v == name || v.rsplit('_').next() == Some(name)))
    }

    /// The command for the user's `option.NAME=VALUE`: `memory` and
    /// `cores` are CECP commands of their own, which the engine must have
    /// asked for; any other name goes as `option NAME=VALUE`.
    pub fn option_command(&self, name: &str, value: &str) -> Result<Command, EngineError> {
        let (wanted, feature) = match name {
            "memory" => (self.memory, "memory"),
            "cores" => (self.smp, "smp"),
            _ => {
                return Ok(Command::Option {
                    name: name.to_string(),
                    value: (!value.is_empty()).then(|| value.to_string()),
                })
            }
        };
        if !wanted {
            return Err(EngineError::Refused(format!(
                "option.{name}: it does not take '{name}' (no feature {feature}=1)"
            )));
        }
        let n: u64 = value
            .parse()
            .map_err(|_| EngineError::Refused(format!("option.{name}={value}: expected a whole number")))?;
        Ok(if name == "memory" {
            Command::Memory(n)
        } else {
            Command::Cores(u32::try_from(n).unwrap_or(u32::MAX))
        })
    }
}

/// Reads the engine's `feature` lines until `done=1` (within `timeout`),
/// answering each `accepted` or `rejected`; other lines (a banner,
/// comments) are passed over. The engine has been sent `xboard` and
/// `protover 2`.
pub fn negotiate(process: &mut Process, timeout: Duration) -> Result<Features, EngineError> {
    let mut features = Features::default();
    let deadline = Instant::now() + timeout;
    while features.done != Some(true) {
        let line = match process.recv(deadline) {
            Recv::Line((_, line)) => line,
            Recv::Timeout => {
                return Err(EngineError::Hung(format!(
                    "no 'feature done=1' within {:.1} s (proto=xboard needs a protocol 2 engine)",
                    timeout.as_secs_f64()
                )))
            }
            Recv::Eof => return Err(process.crashed("its output ended while waiting for 'feature done=1'")),
        };
        let Ok(Some(Reply::Features(list))) = parse_reply(&line) else {
            continue;
        };
        for f in &list {
            let answer = if features.take(f) {
                Command::Accepted(f.name.clone())
            } else {
                Command::Rejected(f.name.clone())
            };
            process.send(answer)?;
        }
    }
    Ok(features)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Gorgon's feature line (docs/XBOARD.md): what is accepted, what not.
    #[test]
    fn gorgon_features() {
        let line = "feature myname=\"Gorgon 0.1.0\" variants=\"pom,minipom\" setboard=1 usermove=1 ping=1 playother=1 \
                    san=0 time=1 draw=0 sigint=0 sigterm=0 reuse=1 analyze=1 colors=0 memory=1 smp=1 highlight=1 \
                    debug=1 nps=0 exclude=0 setscore=0 pause=0 done=1";
        let Ok(Some(Reply::Features(list))) = parse_reply(line) else {
            panic!("features");
        };
        let mut f = Features::default();
        let rejected: Vec<&str> = list.iter().filter(|x| !f.take(x)).map(|x| x.name.as_str()).collect();
        assert_eq!(
            rejected,
            ["playother", "draw", "analyze", "highlight", "nps", "exclude", "setscore", "pause"]
        );
        assert!(f.ping && f.setboard && f.usermove && f.time && f.reuse && f.memory && f.smp);
        assert_eq!(f.myname.as_deref(), Some("Gorgon 0.1.0"));
        assert_eq!(f.done, Some(true));
        assert!(f.plays(Variant::Pom) && f.plays(Variant::MiniPom));
        // SAN and signals are accepted only switched off.
        for (text, accepted) in [("san=1", false), ("sigint=1", false), ("sigterm=0", true), ("reuse=0", true)] {
            let Ok(Some(Reply::Features(list))) = parse_reply(&format!("feature {text}")) else {
                panic!("{text}");
            };
            assert_eq!(f.take(&list[0]), accepted, "{text}");
        }
        assert!(!f.reuse);
        let mut chess = Features::default();
        assert!(chess.plays(Variant::Pom), "no variants feature: no refusal");
        chess.variants = Some(vec!["normal".into(), "11x11+0_minipom".into()]);
        assert!(!chess.plays(Variant::Pom) && chess.plays(Variant::MiniPom));
    }

    #[test]
    fn options_need_their_features() {
        let mut f = Features::default();
        assert_eq!(f.option_command("Style", "wild").unwrap().to_string(), "option Style=wild");
        assert_eq!(f.option_command("Ponder", "").unwrap().to_string(), "option Ponder");
        for name in ["memory", "cores"] {
            let Err(EngineError::Refused(why)) = f.option_command(name, "8") else {
                panic!("{name} without its feature");
            };
            assert!(why.starts_with(&format!("option.{name}: it does not take")), "{why}");
        }
        f.memory = true;
        f.smp = true;
        assert_eq!(f.option_command("memory", "64").unwrap().to_string(), "memory 64");
        assert_eq!(f.option_command("cores", "2").unwrap().to_string(), "cores 2");
        assert!(matches!(f.option_command("cores", "two"), Err(EngineError::Refused(_))));
    }
}
