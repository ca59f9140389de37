//! The files below a folder.

use std::path::{Path, PathBuf};

/// Every file below `dir`, at any depth, sorted, whose path and the paths
/// of the folders it is in below `dir` all pass `keep`; a folder that does
/// not is not looked into, one that cannot be read is passed over.
#[must_use]
pub fn files_below(dir: &Path, keep: impl Fn(&Path) -> bool) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else { continue };
        let (inner, here): (Vec<PathBuf>, Vec<PathBuf>) =
            entries.flatten().map(|entry| entry.path()).filter(|path| keep(path)).partition(|path| path.is_dir());
        folders.extend(inner);
        files.extend(here);
    }
    files.sort();
    files
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_files_below_a_folder_are_found_at_every_depth_and_kept_as_asked() {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let all = files_below(&src, |_| true);
        assert!(all.contains(&src.join("files.rs")) && all.is_sorted());
        let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data");
        let perft = files_below(&data, |path| path.is_dir() || path.extension().is_some_and(|e| e == "perft"));
        assert!(perft.contains(&data.join("chess/pychess_tricky.perft")), "{perft:?}");
        assert!(perft.iter().all(|path| path.extension().is_some_and(|e| e == "perft")));
        assert!(
            files_below(&data, |path| !path.ends_with("chess"))
                .iter()
                .all(|path| !path.starts_with(data.join("chess")))
        );
    }
}
