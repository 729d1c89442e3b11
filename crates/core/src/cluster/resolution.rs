//! OLM v0's `ResolutionFailed` message cut into its clauses
//! ([spec/cluster.md](../../../../docs/spec/cluster.md) §3.4).

/// The clauses of a resolver message: the text after `constraints not satisfiable: ` cut at
/// `, `. A piece without a space is an identifier of the clause before it (the solver joins the
/// candidates of `requires at least one of` with `, ` too) and is put back there.
///
/// # Complexity
/// O(n) in the message's length.
pub fn clauses(message: &str) -> Vec<String> {
    let body = match message.split_once("constraints not satisfiable: ") {
        Some((_, rest)) => rest,
        None => message,
    };
    let mut out: Vec<String> = Vec::new();
    for piece in body.split(", ") {
        let piece = piece.trim();
        if piece.is_empty() {
            continue;
        }
        match out.last_mut() {
            Some(last) if !piece.contains(' ') => {
                last.push_str(", ");
                last.push_str(piece);
            }
            _ => out.push(piece.to_string()),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::clauses;

    #[test]
    fn a_resolver_message_is_cut_into_its_clauses() {
        let m = "constraints not satisfiable: subscription etcd requires @existing/ns//etcdoperator.v0.9.2, subscription etcd exists, @existing/ns//etcdoperator.v0.9.2 and cat/ns/alpha/etcdoperator.v0.9.4 originate from package etcd";
        assert_eq!(
            clauses(m),
            [
                "subscription etcd requires @existing/ns//etcdoperator.v0.9.2",
                "subscription etcd exists",
                "@existing/ns//etcdoperator.v0.9.2 and cat/ns/alpha/etcdoperator.v0.9.4 originate from package etcd",
            ]
        );
    }

    #[test]
    fn candidates_of_one_requirement_stay_in_their_clause() {
        let m = "constraints not satisfiable: subscription a requires at least one of c/ns/s/a.v2, c/ns/s/a.v3, subscription a exists";
        assert_eq!(
            clauses(m),
            [
                "subscription a requires at least one of c/ns/s/a.v2, c/ns/s/a.v3",
                "subscription a exists",
            ]
        );
    }
}
