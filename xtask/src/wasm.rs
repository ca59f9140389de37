//! `cargo xtask wasm [--test]`: the npm package `polyfen`, made of
//! `crates/wasm` built for `wasm32-unknown-unknown`, written to
//! `target/npm/polyfen-<version>.tgz`; with `--test`, the tarball
//! installed into a scratch project by `npm install` and its tests run
//! there with `node --test` (`crates/wasm/tests/node/`), and its
//! TypeScript declarations checked by `tsc --noEmit` over an example.
//!
//! The module is built by the toolchain that has the WebAssembly target:
//! rustup's when it has `wasm32-unknown-unknown` installed, else Debian's
//! `rustc-web` (`/usr/bin/rustc` and `/usr/bin/cargo`, or the commands
//! `POLYFEN_WASM_RUSTC` and `POLYFEN_WASM_CARGO` name), which builds the
//! standard library from its sources (`rust-web-src`). The bindings are
//! made by `wasm-bindgen` of the version the crate depends on
//! ([`WASM_BINDGEN`]); both targets' glue (`web` for browsers, bundlers
//! and Node's `import`, `nodejs` for Node's `require`) load the same
//! `.wasm`.
//!
//! The package's JavaScript is one text (`crates/wasm/js/polyfen.js`, a
//! function of the module's exports) wrapped in each entry point's module
//! syntax here.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The wasm-bindgen command's version: the `wasm-bindgen` crate's.
pub(crate) const WASM_BINDGEN: &str = "0.2.130";

/// The TypeScript compiler the declarations are checked with.
const TYPESCRIPT: &str = "typescript@5";

/// The target the module is built for.
const TARGET: &str = "wasm32-unknown-unknown";

fn run_command(command: &mut Command, what: &str) -> Result<(), String> {
    eprintln!("$ {what}");
    let status = command.status().map_err(|e| format!("cannot run {what}: {e}"))?;
    if status.success() { Ok(()) } else { Err(format!("`{what}` failed ({status})")) }
}

/// The package's version: the workspace's.
fn version(root: &Path) -> Result<String, String> {
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).map_err(|e| format!("Cargo.toml: {e}"))?;
    let package = manifest.split("[workspace.package]").nth(1).ok_or("Cargo.toml has no [workspace.package]")?;
    package
        .lines()
        .find_map(|line| line.strip_prefix("version = \"").and_then(|v| v.strip_suffix('"')))
        .map(str::to_owned)
        .ok_or_else(|| "Cargo.toml: no version in [workspace.package]".to_owned())
}

/// Whether rustup's toolchain has the WebAssembly target's standard library.
fn rustup_has_target() -> bool {
    let sysroot = Command::new("rustc").args(["--print", "sysroot"]).output();
    sysroot.ok().filter(|o| o.status.success()).is_some_and(|o| {
        let root = PathBuf::from(String::from_utf8_lossy(&o.stdout).trim());
        root.join("lib/rustlib").join(TARGET).join("lib").exists()
    })
}

/// Builds the module: the path of its `.wasm`.
fn build_module(root: &Path) -> Result<PathBuf, String> {
    let target_dir = root.join("target/wasm-build");
    let args = ["build", "--locked", "--profile", "wasm", "--target", TARGET, "-p", "polyfen-wasm"];
    if rustup_has_target() {
        run_command(
            Command::new("cargo").args(args).env("CARGO_TARGET_DIR", &target_dir).current_dir(root),
            &format!("cargo {}", args.join(" ")),
        )?;
    } else {
        let rustc = std::env::var("POLYFEN_WASM_RUSTC").unwrap_or_else(|_| "/usr/bin/rustc".to_owned());
        let cargo = std::env::var("POLYFEN_WASM_CARGO").unwrap_or_else(|_| "/usr/bin/cargo".to_owned());
        if !Path::new(&rustc).exists() || !Path::new(&cargo).exists() {
            return Err(format!(
                "no toolchain builds for {TARGET}: add the target to rustup's (`rustup target add {TARGET}`) \
                 or install Debian's (`apt-get install rustc-web cargo-web rust-web-src lld-22`)"
            ));
        }
        let mut with_std: Vec<&str> = args.to_vec();
        with_std.push("-Zbuild-std=std,panic_abort");
        run_command(
            Command::new(&cargo)
                .args(&with_std)
                .env("RUSTC", &rustc)
                .env("RUSTC_BOOTSTRAP", "1")
                .env("CARGO_TARGET_DIR", &target_dir)
                .env_remove("RUSTUP_TOOLCHAIN")
                .current_dir(root),
            &format!("{cargo} {}", with_std.join(" ")),
        )?;
    }
    Ok(target_dir.join(TARGET).join("wasm/polyfen_wasm.wasm"))
}

/// Runs wasm-bindgen for `target` into `out`.
fn bindgen(wasm: &Path, target: &str, out: &Path) -> Result<(), String> {
    let found = Command::new("wasm-bindgen").arg("--version").output();
    let found = found.ok().map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned()).unwrap_or_default();
    if found != format!("wasm-bindgen {WASM_BINDGEN}") {
        return Err(format!(
            "wasm-bindgen {WASM_BINDGEN} is needed (found {found:?}): \
             `cargo install wasm-bindgen-cli --version ={WASM_BINDGEN}`"
        ));
    }
    run_command(
        Command::new("wasm-bindgen")
            // the functions' names are for debuggers: 0.4 MB a user would
            // download for nothing
            .args(["--remove-name-section", "--remove-producers-section"])
            .args(["--target", target, "--out-dir"])
            .arg(out)
            .arg(wasm),
        &format!("wasm-bindgen --target {target}"),
    )
}

/// The names the package's entry points export.
const EXPORTS: &str = "call, callWithStatus, games, loadVariants, Position, readGames, PolyfenError, version";

/// The package's `package.json`, written by hand: the conditions of
/// `exports` are matched in their order, `default` last.
fn package_json(version: &str) -> String {
    format!(
        r#"{{
  "name": "polyfen",
  "version": "{version}",
  "description": "Read, check, convert and explain the notations of board games (chess and its variants, xiangqi, shogi, khet, every game of a variants file), and play their games: polyfen as WebAssembly",
  "license": "MIT OR Apache-2.0",
  "keywords": ["fen", "pgn", "chess", "xiangqi", "shogi", "notation", "webassembly"],
  "type": "module",
  "main": "./node.cjs",
  "module": "./index.js",
  "browser": "./index.js",
  "types": "./index.d.ts",
  "exports": {{
    ".": {{
      "types": "./index.d.ts",
      "node": {{ "import": "./node.mjs", "require": "./node.cjs" }},
      "default": "./index.js"
    }},
    "./polyfen_wasm_bg.wasm": "./wasm/polyfen_wasm_bg.wasm",
    "./package.json": "./package.json"
  }},
  "files": ["index.js", "node.mjs", "node.cjs", "index.d.ts", "wasm/", "README.md"],
  "engines": {{ "node": ">=18" }},
  "sideEffects": ["./index.js", "./node.mjs", "./node.cjs"]
}}
"#
    )
}

/// Makes the package in `target/npm/package` and its tarball: the
/// tarball's path.
fn package(root: &Path) -> Result<PathBuf, String> {
    let version = version(root)?;
    let wasm = build_module(root)?;
    let npm = root.join("target/npm");
    let glue = npm.join("glue");
    let _ = std::fs::remove_dir_all(&glue);
    bindgen(&wasm, "web", &glue.join("web"))?;
    bindgen(&wasm, "nodejs", &glue.join("node"))?;
    let web = std::fs::read(glue.join("web/polyfen_wasm_bg.wasm")).map_err(|e| e.to_string())?;
    let node = std::fs::read(glue.join("node/polyfen_wasm_bg.wasm")).map_err(|e| e.to_string())?;
    if web != node {
        return Err("wasm-bindgen made two different modules for the web and Node; the package holds one".to_owned());
    }
    let dir = npm.join("package");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("wasm")).map_err(|e| e.to_string())?;
    let js = root.join("crates/wasm/js");
    let api = std::fs::read_to_string(js.join("polyfen.js")).map_err(|e| format!("crates/wasm/js/polyfen.js: {e}"))?;
    let write = |name: &str, text: &str| std::fs::write(dir.join(name), text).map_err(|e| format!("{name}: {e}"));
    let copy = |from: &Path, to: &str| std::fs::copy(from, dir.join(to)).map(|_| ()).map_err(|e| format!("{to}: {e}"));
    copy(&glue.join("web/polyfen_wasm.js"), "wasm/polyfen_wasm.js")?;
    copy(&glue.join("node/polyfen_wasm.js"), "wasm/polyfen_wasm.cjs")?;
    copy(&glue.join("web/polyfen_wasm_bg.wasm"), "wasm/polyfen_wasm_bg.wasm")?;
    copy(&js.join("index.d.ts"), "index.d.ts")?;
    copy(&js.join("README.md"), "README.md")?;
    write("package.json", &package_json(&version))?;
    let header = "// polyfen: the npm package's API (crates/wasm/js/polyfen.js) over the WebAssembly module.\n";
    write(
        "index.js",
        &format!(
            "{header}// Browsers and bundlers: the module is fetched and compiled as this one is imported.\n\
             import init, * as wasm from './wasm/polyfen_wasm.js';\n\
             await init({{ module_or_path: new URL('./wasm/polyfen_wasm_bg.wasm', import.meta.url) }});\n\n\
             {api}\nconst polyfen = makePolyfen(wasm);\nexport const {{ {EXPORTS} }} = polyfen;\nexport default polyfen;\n"
        ),
    )?;
    write(
        "node.mjs",
        &format!(
            "{header}// Node's import: the module is read from beside this file.\n\
             import {{ readFileSync }} from 'node:fs';\n\
             import * as wasm from './wasm/polyfen_wasm.js';\n\
             wasm.initSync({{ module: readFileSync(new URL('./wasm/polyfen_wasm_bg.wasm', import.meta.url)) }});\n\n\
             {api}\nconst polyfen = makePolyfen(wasm);\nexport const {{ {EXPORTS} }} = polyfen;\nexport default polyfen;\n"
        ),
    )?;
    write(
        "node.cjs",
        &format!(
            "{header}// Node's require.\n'use strict';\nconst wasm = require('./wasm/polyfen_wasm.cjs');\n\n\
             {api}\nmodule.exports = makePolyfen(wasm);\n"
        ),
    )?;
    run_command(
        Command::new("npm").args(["pack", "--silent", "--pack-destination"]).arg(&npm).current_dir(&dir),
        "npm pack",
    )?;
    let tarball = npm.join(format!("polyfen-{version}.tgz"));
    let size = std::fs::metadata(dir.join("wasm/polyfen_wasm_bg.wasm")).map_or(0, |m| m.len());
    eprintln!("xtask: {} ({} bytes of WebAssembly)", tarball.display(), size);
    Ok(tarball)
}

/// Installs the tarball into a scratch project and runs its tests there.
fn test(root: &Path, tarball: &Path) -> Result<(), String> {
    let project = root.join("target/npm/try");
    let _ = std::fs::remove_dir_all(&project);
    std::fs::create_dir_all(&project).map_err(|e| e.to_string())?;
    std::fs::write(
        project.join("package.json"),
        "{\"name\": \"try-polyfen\", \"private\": true, \"type\": \"module\"}\n",
    )
    .map_err(|e| e.to_string())?;
    run_command(
        Command::new("npm")
            .args(["install", "--no-audit", "--no-fund", "--silent"])
            .arg(tarball)
            .arg(TYPESCRIPT)
            .current_dir(&project),
        "npm install polyfen.tgz typescript",
    )?;
    let tests = root.join("crates/wasm/tests/node");
    let entries = std::fs::read_dir(&tests).map_err(|e| format!("{}: {e}", tests.display()))?;
    let mut files = Vec::new();
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        std::fs::copy(entry.path(), project.join(&name)).map_err(|e| e.to_string())?;
        if name.contains(".test.") {
            files.push(name);
        }
    }
    files.sort();
    // the service the package is held against: this checkout's command,
    // as the workspace's tests build it (after `cargo xtask ci`, nothing
    // is compiled again; `cargo build` would, with other features)
    crate::cargo(&["test", "--workspace", "--locked", "--no-run"], &[])?;
    let polyfen = root.join("target/debug/polyfen");
    run_command(
        Command::new("node")
            .arg("--test")
            .args(&files)
            .env("POLYFEN_BIN", &polyfen)
            .env("POLYFEN_REPO", root)
            .current_dir(&project),
        &format!("node --test {}", files.join(" ")),
    )?;
    run_command(
        Command::new("node")
            .args(["node_modules/typescript/bin/tsc", "--noEmit", "-p", "tsconfig.json"])
            .current_dir(&project),
        "tsc --noEmit (the declarations, over example.ts)",
    )
}

/// `cargo xtask wasm [--test]`.
pub(crate) fn run(root: &Path, args: &[String]) -> Result<(), String> {
    let tarball = package(root)?;
    if args.iter().any(|a| a == "--test") {
        test(root, &tarball)?;
        // the page with no server, from a static file server
        let site = root.join("target/npm/site");
        write_site(root, &site)?;
        crate::cargo(
            &["test", "--workspace", "--locked", "--test", "e2e", "the_static_site_works_with_no_server"],
            &[("POLYFEN_SITE", &site.display().to_string()), ("CI", "true")],
        )?;
    }
    Ok(())
}

/// `cargo xtask site DIR`: the page, the module and the book as static
/// files in `DIR`, which any static file server serves (the page calls the
/// module where there is no `/v1` to call).
pub(crate) fn site(root: &Path, args: &[String]) -> Result<(), String> {
    let [dir] = args else {
        return Err("usage: cargo xtask site DIR".to_owned());
    };
    package(root)?;
    write_site(root, Path::new(dir))
}

/// Writes the site into `dir` from the package made before: the page's
/// files (as the service serves them), the package in `pkg/`, the book in
/// `book/` when it is built.
fn write_site(root: &Path, dir: &Path) -> Result<(), String> {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for &(path, _, text) in polyfen_server::PAGE_FILES {
        let file = dir.join(path.trim_start_matches('/'));
        let text = if path == "/index.html" { with_preloads(text)? } else { text.to_owned() };
        std::fs::write(&file, text).map_err(|e| format!("{}: {e}", file.display()))?;
    }
    copy_tree(&root.join("target/npm/package"), &dir.join("pkg"))?;
    let book = root.join("docs/book");
    if book.join("index.html").exists() {
        copy_tree(&book, &dir.join("book"))?;
    } else {
        eprintln!("xtask: the book is not built (`cargo xtask book`); the site has none");
    }
    eprintln!("xtask: the site is in {} (`python3 -m http.server -d {}` serves it)", dir.display(), dir.display());
    Ok(())
}

/// What the site's page asks for as it starts to load: the module's
/// JavaScript and its WebAssembly, fetched side by side while the page is
/// read (without them, one after the other as each import is reached).
/// The service's page has none: it calls `/v1` and never loads the module.
pub(crate) const PRELOADS: &str = "<link rel=\"modulepreload\" href=\"pkg/index.js\">\n\
<link rel=\"modulepreload\" href=\"pkg/wasm/polyfen_wasm.js\">\n\
<link rel=\"preload\" href=\"pkg/wasm/polyfen_wasm_bg.wasm\" as=\"fetch\" type=\"application/wasm\" crossorigin>\n";

/// The page's `index.html` for the site: [`PRELOADS`] at the end of its head.
fn with_preloads(page: &str) -> Result<String, String> {
    let end = page.find("</head>").ok_or("the page's index.html has no </head>")?;
    Ok(format!("{}{PRELOADS}{}", &page[..end], &page[end..]))
}

/// Copies the folder `from` into `to`, every file of it.
fn copy_tree(from: &Path, to: &Path) -> Result<(), String> {
    std::fs::create_dir_all(to).map_err(|e| format!("{}: {e}", to.display()))?;
    let entries = std::fs::read_dir(from).map_err(|e| format!("{}: {e}", from.display()))?;
    for entry in entries.flatten() {
        let path = entry.path();
        let target = to.join(entry.file_name());
        if path.is_dir() {
            copy_tree(&path, &target)?;
        } else {
            std::fs::copy(&path, &target).map_err(|e| format!("{}: {e}", target.display()))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::WASM_BINDGEN;

    /// The site's page fetches the module's files as it starts, and those
    /// are the package's files.
    #[test]
    fn the_site_preloads_the_package() {
        let page = polyfen_server::PAGE_FILES.iter().find(|f| f.0 == "/index.html").unwrap().2;
        let site = super::with_preloads(page).unwrap();
        assert!(site.contains(&format!("{}</head>", super::PRELOADS)));
        assert_eq!(site.len(), page.len() + super::PRELOADS.len());
        for file in ["pkg/index.js", "pkg/wasm/polyfen_wasm.js", "pkg/wasm/polyfen_wasm_bg.wasm"] {
            assert!(super::PRELOADS.contains(&format!("href=\"{file}\"")), "{file}");
        }
    }

    /// The wasm-bindgen command this builds with, the crate the module
    /// depends on and the one CI installs are of one version.
    #[test]
    fn one_version_of_wasm_bindgen() {
        let root = super::super::root();
        let manifest = std::fs::read_to_string(root.join("crates/wasm/Cargo.toml")).unwrap();
        assert!(manifest.contains(&format!("wasm-bindgen = \"={WASM_BINDGEN}\"")), "crates/wasm/Cargo.toml");
        let ci = std::fs::read_to_string(root.join(".ci/run")).unwrap();
        assert!(ci.contains(&format!("WASM_BINDGEN_VERSION={WASM_BINDGEN}")), ".ci/run");
    }
}
