//! Embeds the built book (`docs/book`, made by `cargo xtask book`) so that
//! `polyfen serve` serves it at `/book/` from one binary. Without a built
//! book the list is empty and `/book/` says how to build it.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    let docs = manifest.join("..").join("..").join("docs");
    // the whole folder: the book appears, changes or goes when it is built
    println!("cargo::rerun-if-changed={}", docs.display());
    let book = docs.join("book");
    let mut files = Vec::new();
    if book.join("index.html").is_file() {
        walk(&book, &mut files);
    }
    // sorted by the name served, which the server looks up by binary search
    let mut named: Vec<(String, String)> = files
        .iter()
        .filter_map(|path| {
            let relative = path.strip_prefix(&book).ok()?;
            let name = relative.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/");
            Some((name, path.display().to_string()))
        })
        .collect();
    named.sort();
    let mut out = String::from("/// The built book's files: the path under `/book/` and the bytes, sorted.\n");
    out.push_str("pub(crate) static BOOK: &[(&str, &[u8])] = &[\n");
    for (name, path) in &named {
        let _ = writeln!(out, "    ({name:?}, include_bytes!({path:?})),");
    }
    out.push_str("];\n");
    let target = PathBuf::from(std::env::var_os("OUT_DIR").unwrap_or_default()).join("book.rs");
    if let Err(e) = std::fs::write(&target, out) {
        panic!("cannot write {}: {e}", target.display());
    }
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            walk(&path, out);
        } else {
            out.push(path);
        }
    }
}
