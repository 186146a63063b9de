// Records the resolved versions of the `blake3` and `tiny-keccak` crates so the harness can report exactly what it measured.
use std::{env, fs, path::Path};

fn version_of(lock: &str, name: &str) -> String {
    let mut in_package = false;
    for line in lock.lines() {
        let line = line.trim();
        if line == "[[package]]" {
            in_package = false;
        } else if line == format!("name = \"{name}\"") {
            in_package = true;
        } else if in_package {
            if let Some(v) = line.strip_prefix("version = \"") {
                return v.trim_end_matches('"').to_string();
            }
        }
    }
    String::from("unknown")
}

fn main() {
    let manifest_dir = env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR");
    let lock = fs::read_to_string(Path::new(&manifest_dir).join("Cargo.lock")).unwrap_or_default();
    println!("cargo:rustc-env=BLAKE3_CRATE_VERSION={}", version_of(&lock, "blake3"));
    println!("cargo:rustc-env=TINY_KECCAK_CRATE_VERSION={}", version_of(&lock, "tiny-keccak"));
    println!("cargo:rerun-if-changed=Cargo.lock");
}
