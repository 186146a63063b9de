#!/usr/bin/env bash
# The distribution packages the native providers and the site's browser test need, in one list: .ci/run and every
# workflow call this script, and nothing else installs system packages. libsodium is not here: its NuGet package ships the native library.
#   blake3-native  the Rust blake3 crate's source (built by `dotnet build` with cargo)
#   tiny-keccak    the Rust tiny-keccak crate's source (KT128, built into the same shim)
#   libargon2      the Argon2 reference C library
#   libxcrypt      bcrypt through crypt_rn
#   botan          Botan 2 (C++) through its C API
#   chromium       the browser the site's tests open the built site in (through Playwright, never its own download)
# Where apt-get is missing (macOS, Windows) it says so and installs nothing: those entries are then listed as
# unsupported with the reason, and everything else runs. `--list` prints the packages and exits.
set -euo pipefail

packages=(librust-blake3-dev librust-tiny-keccak-dev libargon2-1 libcrypt1 libbotan-2-19 chromium)
if ! command -v cargo >/dev/null 2>&1 && [ ! -x "$HOME/.cargo/bin/cargo" ]; then
  packages+=(cargo)
fi

if [ "${1:-}" = "--list" ]; then
  printf '%s\n' "${packages[@]}"
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-system-packages: apt-get not found; install ${packages[*]} by other means (their entries are unsupported until then)" >&2
  exit 0
fi

sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
$sudo apt-get update -qq
# Debian ships chromium as a package; Ubuntu only as a snap behind another name, so where apt has no chromium it is
# left out with a line saying so (the site's browser test then fails naming this script) and the rest still installs.
if ! apt-cache show chromium >/dev/null 2>&1; then
  echo "install-system-packages: apt has no chromium package here; install chromium at /usr/bin/chromium by other means for the site's browser test" >&2
  packages=("${packages[@]/chromium}")
fi
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq ${packages[@]} >/dev/null
