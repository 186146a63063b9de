// Records the resolved version of the `blake3` crate so the harness can report exactly what it measured.
use std::{env, fs, path::Path};

fn main() {
    let manifest_dir = env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR");
    let lock = fs::read_to_string(Path::new(&manifest_dir).join("Cargo.lock")).unwrap_or_default();
    let mut version = String::from("unknown");
    let mut in_blake3 = false;
    for line in lock.lines() {
        let line = line.trim();
        if line == "[[package]]" {
            in_blake3 = false;
        } else if line == "name = \"blake3\"" {
            in_blake3 = true;
        } else if in_blake3 {
            if let Some(v) = line.strip_prefix("version = \"") {
                version = v.trim_end_matches('"').to_string();
                break;
            }
        }
    }
    println!("cargo:rustc-env=BLAKE3_CRATE_VERSION={version}");
    println!("cargo:rerun-if-changed=Cargo.lock");
}
