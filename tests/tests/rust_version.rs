//! The Rust version the workspace asks for (`rust-version` in Cargo.toml,
//! and the README's "You need a Rust toolchain (X or newer)") is the one
//! the whole workspace needs with its locked dependencies: no older than
//! any locked package's own `rust-version`, and no newer than the toolchain
//! running this test (which builds the whole workspace).

use std::path::Path;
use std::process::Command;

/// `1.95` or `1.85.0` as comparable numbers.
fn version(text: &str) -> Vec<u32> {
    text.trim().split('.').map(|part| part.parse().unwrap_or_else(|_| panic!("not a version: {text:?}"))).collect()
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the workspace root")
}

/// The workspace's `rust-version` as Cargo.toml writes it.
fn declared() -> String {
    let manifest = std::fs::read_to_string(root().join("Cargo.toml")).expect("Cargo.toml");
    let line = manifest.lines().find(|line| line.starts_with("rust-version")).expect("a rust-version line");
    line.split('"').nth(1).expect("a quoted version").to_owned()
}

#[test]
fn rust_version_is_what_the_locked_dependencies_need() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let output = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--locked", "--offline"])
        .current_dir(root())
        .output()
        .expect("cargo metadata runs");
    assert!(output.status.success(), "cargo metadata: {}", String::from_utf8_lossy(&output.stderr));
    let metadata: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let packages = metadata["packages"].as_array().expect("packages");
    let (needed, by) = packages
        .iter()
        .filter_map(|p| Some((version(p["rust_version"].as_str()?), p["name"].as_str()?.to_owned())))
        .max()
        .expect("some package names a rust-version");
    let declared = declared();
    assert_eq!(
        version(&declared),
        needed,
        "Cargo.toml says rust-version {declared}, but {by} needs {needed:?}: set the newest version a locked package needs"
    );
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    let wanted = format!("Rust toolchain ({declared} or newer");
    assert!(readme.contains(&wanted), "README.md should say {wanted:?}");
}

#[test]
fn the_toolchain_running_the_tests_is_new_enough() {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned());
    let output = Command::new(rustc).arg("--version").output().expect("rustc runs");
    let text = String::from_utf8_lossy(&output.stdout);
    let running = text.split_whitespace().nth(1).expect("rustc X.Y.Z");
    let running = version(running.split('-').next().unwrap_or(running));
    assert!(running >= version(&declared()), "rustc {running:?} is older than the declared rust-version");
}
