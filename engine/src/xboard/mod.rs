//! CECP (XBoard/WinBoard protocol v2) mode.

use crate::rules::Variant;

/// Runs the CECP loop on stdin/stdout until `quit` or EOF.
pub fn run(variant: Variant) {
    let _ = variant;
    println!("tellusererror CECP mode is not available yet");
}
