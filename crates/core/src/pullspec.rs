//! Image pull specs as opm checks them while building its model (`validateImagePullSpec`,
//! spec/olm.md §10): a bundle's `image` and every
//! `relatedImages[i].image` must parse with `reference.ParseNormalizedNamed` (the containers
//! image library's fork of distribution's reference grammar), digest included; empty specs are
//! not checked.
//!
//! The grammar itself is [`parse_reference`] (distribution's reference grammar, which the
//! catalog image templates of [`crate::change`] check too); this module adds
//! what normalisation and digest parsing add on top: the default domain (`docker.io/library/`),
//! the 64-hex identifier refusal, the lowercase repository check, and go-digest's algorithm and
//! length checks (`sha256`, `sha384`, `sha512` only).

use std::fmt;

/// Why a pull spec does not parse; `Display` is the message of the Go library opm uses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PullSpecError {
    /// The whole spec is 64 lowercase hex digits, which reads as an image ID.
    Identifier(String),
    /// The repository path has uppercase letters.
    Uppercase,
    /// The spec breaks the reference grammar.
    Format,
    /// The name is longer than 255 characters.
    NameTooLong,
    /// The digest's algorithm is not one go-digest knows (`ssha256`, `md5`).
    DigestUnsupported,
    /// The digest's hex part is not as long as its algorithm's hash (64 for `sha256`).
    DigestLength,
    /// The digest is not `algorithm:lowercase-hex`.
    DigestFormat,
}

impl fmt::Display for PullSpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PullSpecError::Identifier(s) => write!(
                f,
                "invalid repository name ({s}), cannot specify 64-byte hexadecimal strings"
            ),
            PullSpecError::Uppercase => {
                f.write_str("invalid reference format: repository name must be lowercase")
            }
            PullSpecError::Format => f.write_str("invalid reference format"),
            PullSpecError::NameTooLong => {
                f.write_str("repository name must not be more than 255 characters")
            }
            PullSpecError::DigestUnsupported => f.write_str("unsupported digest algorithm"),
            PullSpecError::DigestLength => f.write_str("invalid checksum digest length"),
            PullSpecError::DigestFormat => f.write_str("invalid checksum digest format"),
        }
    }
}

impl std::error::Error for PullSpecError {}

/// Checks `spec` as `reference.ParseNormalizedNamed` does (see the module's doc).
///
/// # Complexity
/// O(n) for a spec of n bytes.
pub fn validate_pull_spec(spec: &str) -> Result<(), PullSpecError> {
    if spec.len() == 64 && spec.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')) {
        return Err(PullSpecError::Identifier(spec.to_string()));
    }
    let (domain, library, remainder) = split_docker_domain(spec);
    let remote_name = remainder.split(':').next().unwrap_or_default();
    if remote_name.bytes().any(|b| b.is_ascii_uppercase()) {
        return Err(PullSpecError::Uppercase);
    }
    // The normalised name, built without allocating when it is short (a catalog checks one per
    // image, hundreds of thousands in a big one).
    let parts = [domain, "/", library, remainder];
    let len: usize = parts.iter().map(|p| p.len()).sum();
    let mut buf = [0u8; 512];
    let owned;
    let full = if len <= buf.len() {
        let mut at = 0;
        for p in parts {
            buf[at..at + p.len()].copy_from_slice(p.as_bytes());
            at += p.len();
        }
        std::str::from_utf8(&buf[..len]).unwrap_or_default()
    } else {
        owned = parts.concat();
        owned.as_str()
    };
    parse_reference(full).map_err(|e| match e {
        ReferenceError::NameTooLong => PullSpecError::NameTooLong,
        ReferenceError::Uppercase => PullSpecError::Uppercase,
        ReferenceError::NoComponent
        | ReferenceError::InvalidDigest
        | ReferenceError::InvalidFormat => PullSpecError::Format,
    })?;
    match full.split_once('@') {
        Some((_, digest)) => validate_digest(digest),
        None => Ok(()),
    }
}

/// The domain, the `library/` prefix Docker Hub adds to one-component names (or nothing), and
/// the rest of a spec: a first component is a domain when it has a `.` or `:`, is `localhost`,
/// or has uppercase letters.
fn split_docker_domain(spec: &str) -> (&str, &'static str, &str) {
    let (domain, rest) = match spec.split_once('/') {
        Some((first, rest))
            if first.contains(['.', ':'])
                || first == "localhost"
                || first.bytes().any(|b| b.is_ascii_uppercase()) =>
        {
            (first, rest)
        }
        _ => ("docker.io", spec),
    };
    let domain = if domain == "index.docker.io" {
        "docker.io"
    } else {
        domain
    };
    let library = if domain == "docker.io" && !rest.contains('/') {
        "library/"
    } else {
        ""
    };
    (domain, library, rest)
}

/// go-digest's `Digest.Validate` for `algorithm:encoded`.
fn validate_digest(digest: &str) -> Result<(), PullSpecError> {
    let Some((algorithm, encoded)) = digest.split_once(':') else {
        return Err(PullSpecError::DigestFormat);
    };
    let size = match algorithm {
        "sha256" => 32,
        "sha384" => 48,
        "sha512" => 64,
        _ if is_digest_shape(algorithm, encoded) => return Err(PullSpecError::DigestUnsupported),
        _ => return Err(PullSpecError::DigestFormat),
    };
    if encoded.len() != size * 2 {
        return Err(PullSpecError::DigestLength);
    }
    if !encoded
        .bytes()
        .all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
    {
        return Err(PullSpecError::DigestFormat);
    }
    Ok(())
}

/// `[a-z0-9]+(?:[.+_-][a-z0-9]+)*:[a-zA-Z0-9=_-]+`: a digest's shape, whatever its algorithm.
fn is_digest_shape(algorithm: &str, encoded: &str) -> bool {
    let component = |c: &str| {
        !c.is_empty()
            && c.bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
    };
    algorithm.split(['.', '+', '_', '-']).all(component)
        && !encoded.is_empty()
        && encoded
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'=' | b'_' | b'-'))
}

/// Why an image reference does not parse; `Display` is distribution's message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReferenceError {
    /// The reference is empty.
    NoComponent,
    /// The part after `@` is not `algorithm:hex` with at least 32 hex digits.
    InvalidDigest,
    /// A tag or a path component breaks the grammar.
    InvalidFormat,
    /// The name is longer than 255 characters.
    NameTooLong,
    /// A path component has uppercase letters.
    Uppercase,
}

impl std::fmt::Display for ReferenceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            ReferenceError::NoComponent => "repository name must have at least one component",
            ReferenceError::InvalidDigest => "invalid digest format",
            ReferenceError::InvalidFormat => "invalid reference format",
            ReferenceError::NameTooLong => "repository name must not be more than 255 characters",
            ReferenceError::Uppercase => "repository name must be lowercase",
        })
    }
}

impl std::error::Error for ReferenceError {}

/// Checks an image reference against distribution's grammar (`reference.Parse`):
/// `[domain[:port]/]path[:tag][@digest]`, lowercase path components joined by `.`, `_`, `__`
/// or dashes, tags of `[\w][\w.-]{0,127}`, digests `algorithm:hex` (hex at least 32 long),
/// names at most 255 characters.
pub fn parse_reference(s: &str) -> Result<(), ReferenceError> {
    if s.is_empty() {
        return Err(ReferenceError::NoComponent);
    }
    let (rest, digest) = match s.split_once('@') {
        Some((r, d)) => (r, Some(d)),
        None => (s, None),
    };
    if let Some(d) = digest {
        let Some((alg, hex)) = d.split_once(':') else {
            return Err(ReferenceError::InvalidDigest);
        };
        let alg_ok = alg.split(['-', '_', '+', '.']).all(|p| {
            p.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
                && p.chars().all(|c| c.is_ascii_alphanumeric())
        });
        if !alg_ok || hex.len() < 32 || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
            return Err(ReferenceError::InvalidDigest);
        }
    }
    // A tag is after the last ':' that comes after the last '/'.
    let last_slash = rest.rfind('/').map_or(0, |i| i + 1);
    let (name, tag) = match rest[last_slash..].rfind(':') {
        Some(i) => (&rest[..last_slash + i], Some(&rest[last_slash + i + 1..])),
        None => (rest, None),
    };
    if let Some(t) = tag {
        let mut cs = t.chars();
        let first_ok = cs
            .next()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
        if !first_ok || t.len() > 128 || !cs.all(|c| c.is_ascii_alphanumeric() || "_.-".contains(c))
        {
            return Err(ReferenceError::InvalidFormat);
        }
    }
    if name.len() > 255 {
        return Err(ReferenceError::NameTooLong);
    }
    let comps = || name.split('/');
    let path_ok = |path: &str| path.split('/').all(is_path_component);
    if let Some((first, path)) = name.split_once('/') {
        if is_domain(first) && path_ok(path) {
            return Ok(());
        }
    }
    if path_ok(name) {
        return Ok(());
    }
    if comps().any(|c| c.chars().any(|ch| ch.is_ascii_uppercase()))
        && !comps().any(|c| c.contains(['{', '}']))
    {
        return Err(ReferenceError::Uppercase);
    }
    Err(ReferenceError::InvalidFormat)
}

/// `[a-z0-9]+` joined by `.`, `_`, `__` or one or more `-`.
fn is_path_component(c: &str) -> bool {
    let b = c.as_bytes();
    if b.is_empty() || !is_alnum_lower(b[0]) || !is_alnum_lower(b[b.len() - 1]) {
        return false;
    }
    let mut i = 0;
    while i < b.len() {
        if is_alnum_lower(b[i]) {
            i += 1;
            continue;
        }
        // a separator run
        let start = i;
        while i < b.len() && !is_alnum_lower(b[i]) {
            i += 1;
        }
        let sep = &c[start..i];
        let ok = sep == "." || sep == "_" || sep == "__" || sep.bytes().all(|x| x == b'-');
        if !ok {
            return false;
        }
    }
    true
}

fn is_alnum_lower(b: u8) -> bool {
    b.is_ascii_lowercase() || b.is_ascii_digit()
}

/// A domain: dot-separated components of `[a-zA-Z0-9]` with inner dashes, or a bracketed IPv6
/// address, with an optional `:port`.
fn is_domain(d: &str) -> bool {
    let (host, port) = match d.rsplit_once(':') {
        Some((h, p)) if !h.ends_with(']') || d.starts_with('[') => (h, Some(p)),
        _ => (d, None),
    };
    if let Some(p) = port {
        if p.is_empty() || !p.chars().all(|c| c.is_ascii_digit()) {
            return false;
        }
    }
    if host.starts_with('[') {
        return host.ends_with(']')
            && host[1..host.len() - 1]
                .chars()
                .all(|c| c.is_ascii_hexdigit() || c == ':');
    }
    !host.is_empty()
        && host.split('.').all(|c| {
            let b = c.as_bytes();
            !b.is_empty()
                && b[0].is_ascii_alphanumeric()
                && b[b.len() - 1].is_ascii_alphanumeric()
                && b.iter().all(|x| x.is_ascii_alphanumeric() || *x == b'-')
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEX64: &str = "abcd1234abcd1234abcd1234abcd1234abcd1234abcd1234abcd1234abcd1234";

    #[test]
    fn the_specs_opm_accepts() {
        for spec in [
            "foo-bundle:v0.1.0".to_string(),
            "busybox".to_string(),
            "localhost:5000/ns/img:1".to_string(),
            format!("quay.io/operator-framework/foo-bundle@sha256:{HEX64}"),
            format!("quay.io/operator-framework/foo-bundle:v0.1.0@sha256:{HEX64}"),
            format!("registry.example.com/a/b@sha512:{HEX64}{HEX64}"),
            "Registry.Example.com/team/img:TAG".to_string(),
        ] {
            assert_eq!(validate_pull_spec(&spec), Ok(()), "{spec}");
        }
    }

    #[test]
    fn the_specs_opm_refuses_with_their_messages() {
        let cases = [
            (format!("quay.io/x/foo@ssha256:{HEX64}abcd1234"), "unsupported digest algorithm"),
            (
                "quay.io/x/foo@md5:abcd1234abcd1234abcd1234abcd1234".to_string(),
                "unsupported digest algorithm",
            ),
            (format!("quay.io/x/foo@sha256:{}", &HEX64[..40]), "invalid checksum digest length"),
            (
                format!("quay.io/x/foo@sha256:{}", HEX64.to_uppercase()),
                "invalid checksum digest format",
            ),
            (
                "quay.io/Team/foo:1".to_string(),
                "invalid reference format: repository name must be lowercase",
            ),
            ("quay.io/x/foo:bad tag".to_string(), "invalid reference format"),
            ("quay.io/x/foo@sha256:abc".to_string(), "invalid reference format"),
            (
                HEX64.to_string(),
                "invalid repository name (abcd1234abcd1234abcd1234abcd1234abcd1234abcd1234abcd1234abcd1234), cannot specify 64-byte hexadecimal strings",
            ),
            (format!("quay.io/{}", "a".repeat(300)), "repository name must not be more than 255 characters"),
        ];
        for (spec, message) in cases {
            let got = validate_pull_spec(&spec).map_err(|e| e.to_string());
            assert_eq!(got, Err(message.to_string()), "{spec}");
        }
    }

    #[test]
    fn reference_grammar() {
        for ok in [
            "quay.io/openshift/catalog:v4.16",
            "registry.redhat.io/redhat/redhat-operator-index:v4.16",
            "localhost:5000/a/b",
            "ubuntu",
            "a__b/c-d.e_f:latest",
            "quay.io/x/y@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
            "[::1]:5000/x:1",
        ] {
            assert_eq!(parse_reference(ok), Ok(()), "{ok}");
        }
        for bad in [
            "",
            "quay.io/X/y",
            "quay.io/x/y:",
            "quay.io/x/{y}",
            "a/b:-tag",
            "quay.io//x",
            "x@sha256:123",
            "x:y:z",
        ] {
            assert!(parse_reference(bad).is_err(), "{bad}");
        }
    }
}
