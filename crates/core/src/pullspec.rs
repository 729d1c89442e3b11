//! Image pull specs as opm checks them while building its model (`validateImagePullSpec` in
//! operator-registry's `alpha/declcfg/declcfg_to_model.go`): a bundle's `image` and every
//! `relatedImages[i].image` must parse with `reference.ParseNormalizedNamed` (the containers
//! image library's fork of distribution's reference grammar), digest included; empty specs are
//! not checked.
//!
//! The grammar itself is [`crate::lifecycle::image_template::parse_reference`]; this module adds
//! what normalisation and digest parsing add on top: the default domain (`docker.io/library/`),
//! the 64-hex identifier refusal, the lowercase repository check, and go-digest's algorithm and
//! length checks (`sha256`, `sha384`, `sha512` only).

use std::fmt;

use crate::lifecycle::image_template::{parse_reference, ReferenceError};

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
}
