//! C ABI used by the harness's `blake3-native` and `tiny-keccak` adapters. Each one-shot call keeps nothing between calls.

use std::slice;

/// Hashes `input_len` bytes at `input` and writes `output_len` bytes of BLAKE3 output (default hash mode,
/// extendable) to `output`. Null pointers are accepted only with a zero length.
///
/// # Safety
/// `input` must be valid for `input_len` reads and `output` for `output_len` writes.
#[no_mangle]
pub unsafe extern "C" fn harness_blake3_hash(input: *const u8, input_len: usize, output: *mut u8, output_len: usize) {
    let data = if input_len == 0 { &[][..] } else { slice::from_raw_parts(input, input_len) };
    if output_len == 0 {
        return;
    }
    let out = slice::from_raw_parts_mut(output, output_len);
    if output_len == blake3::OUT_LEN {
        out.copy_from_slice(blake3::hash(data).as_bytes());
    } else {
        let mut hasher = blake3::Hasher::new();
        hasher.update(data);
        hasher.finalize_xof().fill(out);
    }
}

/// Writes the version of the `blake3` crate this library was built from (UTF-8, not terminated) and returns
/// its length; writes nothing when `capacity` is too small.
///
/// # Safety
/// `buffer` must be valid for `capacity` writes.
#[no_mangle]
pub unsafe extern "C" fn harness_blake3_version(buffer: *mut u8, capacity: usize) -> usize {
    write_text(env!("BLAKE3_CRATE_VERSION"), buffer, capacity)
}

/// Creates an incremental hasher (default hash mode); free it with `harness_blake3_hasher_free`.
#[no_mangle]
pub extern "C" fn harness_blake3_hasher_new() -> *mut blake3::Hasher {
    Box::into_raw(Box::new(blake3::Hasher::new()))
}

/// Feeds `input_len` bytes at `input` to the hasher.
///
/// # Safety
/// `hasher` must come from `harness_blake3_hasher_new` and not be freed; `input` must be valid for `input_len` reads.
#[no_mangle]
pub unsafe extern "C" fn harness_blake3_hasher_update(hasher: *mut blake3::Hasher, input: *const u8, input_len: usize) {
    let data = if input_len == 0 { &[][..] } else { slice::from_raw_parts(input, input_len) };
    (*hasher).update(data);
}

/// Writes `output_len` bytes of output for everything fed so far, then resets the hasher for the next message.
///
/// # Safety
/// `hasher` must come from `harness_blake3_hasher_new` and not be freed; `output` must be valid for `output_len` writes.
#[no_mangle]
pub unsafe extern "C" fn harness_blake3_hasher_finalize_reset(hasher: *mut blake3::Hasher, output: *mut u8, output_len: usize) {
    if output_len > 0 {
        (*hasher).finalize_xof().fill(slice::from_raw_parts_mut(output, output_len));
    }
    (*hasher).reset();
}

/// Frees a hasher made by `harness_blake3_hasher_new`; null is ignored.
///
/// # Safety
/// `hasher` must come from `harness_blake3_hasher_new` and not be freed twice.
#[no_mangle]
pub unsafe extern "C" fn harness_blake3_hasher_free(hasher: *mut blake3::Hasher) {
    if !hasher.is_null() {
        drop(Box::from_raw(hasher));
    }
}

/// Writes the features that stop this build's CPU detection below what the CPU has (`no_avx512`, `no_avx2`,
/// `no_sse41`, `no_sse2`, comma-separated; empty for the full build) and returns its length; writes nothing when `capacity` is too small.
///
/// # Safety
/// `buffer` must be valid for `capacity` writes.
#[no_mangle]
pub unsafe extern "C" fn harness_blake3_build_features(buffer: *mut u8, capacity: usize) -> usize {
    let mut features: Vec<&str> = Vec::new();
    if cfg!(feature = "no_avx512") {
        features.push("no_avx512");
    }
    if cfg!(feature = "no_avx2") {
        features.push("no_avx2");
    }
    if cfg!(feature = "no_sse41") {
        features.push("no_sse41");
    }
    if cfg!(feature = "no_sse2") {
        features.push("no_sse2");
    }
    write_text(&features.join(","), buffer, capacity)
}

/// Writes the SIMD code the crate chose on this CPU (`AVX512`, `AVX2`, `SSE41`, `SSE2` or `Portable`: its own
/// detection, as every one-shot call makes it) and returns its length; writes nothing when `capacity` is too small.
///
/// # Safety
/// `buffer` must be valid for `capacity` writes.
#[no_mangle]
pub unsafe extern "C" fn harness_blake3_platform(buffer: *mut u8, capacity: usize) -> usize {
    write_text(&format!("{:?}", blake3::platform::Platform::detect()), buffer, capacity)
}

/// Writes `output_len` bytes of KT128 (RFC 9861 §3; tiny-keccak's `KangarooTwelve`) of the `input_len` bytes at
/// `input` with the customization string of `customization_len` bytes at `customization`. Null pointers are accepted
/// only with a zero length.
///
/// # Safety
/// `input` must be valid for `input_len` reads, `customization` for `customization_len` reads and `output` for
/// `output_len` writes.
#[no_mangle]
pub unsafe extern "C" fn harness_k12_hash(
    input: *const u8,
    input_len: usize,
    customization: *const u8,
    customization_len: usize,
    output: *mut u8,
    output_len: usize,
) {
    use tiny_keccak::Hasher;
    let data = if input_len == 0 { &[][..] } else { slice::from_raw_parts(input, input_len) };
    let custom = if customization_len == 0 { &[][..] } else { slice::from_raw_parts(customization, customization_len) };
    let out = if output_len == 0 { &mut [][..] } else { slice::from_raw_parts_mut(output, output_len) };
    let mut hasher = tiny_keccak::KangarooTwelve::new(custom);
    hasher.update(data);
    hasher.finalize(out);
}

/// Writes the version of the `tiny-keccak` crate this library was built from (UTF-8, not terminated) and returns its
/// length; writes nothing when `capacity` is too small.
///
/// # Safety
/// `buffer` must be valid for `capacity` writes.
#[no_mangle]
pub unsafe extern "C" fn harness_tiny_keccak_version(buffer: *mut u8, capacity: usize) -> usize {
    write_text(env!("TINY_KECCAK_CRATE_VERSION"), buffer, capacity)
}

/// The reporting functions' shared contract: `text` (UTF-8, not terminated) into `buffer` when it fits in
/// `capacity`, nothing otherwise, and its length either way so the caller can tell.
///
/// # Safety
/// `buffer` must be valid for `capacity` writes.
unsafe fn write_text(text: &str, buffer: *mut u8, capacity: usize) -> usize {
    if !buffer.is_null() && capacity >= text.len() {
        slice::from_raw_parts_mut(buffer, text.len()).copy_from_slice(text.as_bytes());
    }
    text.len()
}
