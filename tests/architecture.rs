//! The modules' imports form no cycle, in the library and in the program: data flows one way,
//! as docs/ARCHITECTURE.md says.
//!
//! Each source file is read as text: its `use` declarations and its paths that start with
//! `crate::`, `super::` or `self::` (and, in a module, with the name of one of its own
//! submodules) say which modules it reaches. A module owns its submodules, so the rule is
//! checked at every level of the tree: the children of one module, each taken with all of its
//! descendants, import one another in one direction only. A parent and its own descendants
//! may reach each other both ways (a submodule uses its parent's types, the parent calls the
//! submodule): that is ownership, not a cycle. Tests (`#[cfg(test)]` items and modules) are
//! left out, since a module's tests may drive it through the modules above it.
//!
//! A reference through the root's re-exports (`crate::Grid`) counts as one to the module that
//! defines the item (`grid`), as the re-export is only the public face of it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// A module's path from the crate root: `["strategy", "bfs"]`; the root is empty.
type Module = Vec<String>;

/// The library's modules form no cycle.
#[test]
fn the_library_has_no_import_cycle() {
    let files = read_tree(Path::new("src"), &[Path::new("src/bin")]);
    if let Err(cycle) = check(&files, "lib.rs") {
        panic!("in the library, {cycle}");
    }
}

/// The program's modules form no cycle.
#[test]
fn the_program_has_no_import_cycle() {
    let files = read_tree(Path::new("src/bin/explore"), &[]);
    if let Err(cycle) = check(&files, "main.rs") {
        panic!("in the program, {cycle}");
    }
}

/// The check finds a cycle and names it, with the file and path of each import in it; one that
/// only a test makes, or one between a parent and its submodule, is none.
#[test]
fn a_cycle_is_found_and_named() {
    let files = |list: &[(&str, &str)]| -> Vec<(String, String)> {
        list.iter()
            .map(|(path, text)| (path.to_string(), text.to_string()))
            .collect()
    };
    let root = (
        "lib.rs",
        "pub mod batch;\nmod strategy;\n#[cfg(test)]\nmod testing;\npub use strategy::solve;",
    );
    let strategy = (
        "strategy.rs",
        "//! Uses crate::batch in a comment only.\nmod bfs;\npub use bfs::run;\nfn solve() {}",
    );
    let batch = (
        "batch.rs",
        "use crate::solve;\n/// crate::batch\nfn run() {}",
    );
    let bfs = (
        "strategy/bfs.rs",
        "use super::solve;\nfn f() { let s = \"crate::batch\"; crate::batch::run() }",
    );
    let tested = (
        "strategy/bfs.rs",
        "use super::{solve, *};\n#[cfg(test)]\nmod tests {\n    use crate::batch::{run, Item};\n}",
    );
    let testing = ("testing.rs", "use crate::batch::run;");
    assert_eq!(
        check(&files(&[root, strategy, batch, bfs]), "lib.rs"),
        Err(
            "modules import one another in a cycle: batch -> strategy -> batch\n  \
             batch -> strategy: batch.rs uses crate::solve\n  \
             strategy -> batch: strategy/bfs.rs uses crate::batch::run"
                .to_owned()
        )
    );
    assert_eq!(
        check(&files(&[root, strategy, batch, tested, testing]), "lib.rs"),
        Ok(())
    );
    let deeper = (
        "strategy/bfs/level.rs",
        "use crate::strategy::bfs::Shared;\nuse super::super::dfs;",
    );
    let dfs = ("strategy/dfs.rs", "use super::bfs::level::Level;");
    assert_eq!(
        check(&files(&[root, strategy, tested, deeper, dfs]), "lib.rs"),
        Err(
            "modules import one another in a cycle: strategy::bfs -> strategy::dfs -> \
             strategy::bfs\n  \
             strategy::bfs -> strategy::dfs: strategy/bfs/level.rs uses super::super::dfs\n  \
             strategy::dfs -> strategy::bfs: strategy/dfs.rs uses super::bfs::level::Level"
                .to_owned()
        )
    );
}

/// The `.rs` files under `dir` (but not under `skip`), as paths relative to `dir` and text.
fn read_tree(dir: &Path, skip: &[&Path]) -> Vec<(String, String)> {
    let base = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    let mut stack = vec![base.join(dir)];
    while let Some(at) = stack.pop() {
        for entry in std::fs::read_dir(&at).unwrap() {
            let path = entry.unwrap().path();
            if skip.iter().any(|skip| path == base.join(skip)) {
                continue;
            }
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|ext| ext == "rs") {
                let relative = path.strip_prefix(base.join(dir)).unwrap();
                let name = relative.to_string_lossy().replace('\\', "/");
                files.push((name, std::fs::read_to_string(&path).unwrap()));
            }
        }
    }
    files.sort();
    files
}

/// Checks that the modules of the crate whose root file is `root` (among `files`) form no
/// cycle at any level; the error names the first cycle and the import behind each step.
fn check(files: &[(String, String)], root: &str) -> Result<(), String> {
    let mut sources = BTreeMap::new();
    let mut test_only = BTreeSet::new();
    for (path, text) in files {
        let module = module_of(path, root);
        let (code, tests) = without_tests(&strip(text));
        test_only.extend(tests.into_iter().map(|child| child_of(&module, &child)));
        sources.insert(module, (path.as_str(), code));
    }
    // A file under a test-only module is test code too.
    sources.retain(|module, _| !test_only.iter().any(|test| module.starts_with(test)));
    let modules: BTreeSet<Module> = sources.keys().cloned().collect();
    let reexports = sources
        .get(&Vec::new())
        .map(|(_, code)| root_reexports(code))
        .unwrap_or_default();

    // Every import: from module, to module, and where it was seen.
    let mut imports = Vec::new();
    for (module, (path, code)) in &sources {
        for reference in references(code) {
            if let Some(target) = resolve(module, &reference, &modules, &reexports) {
                imports.push((module.clone(), target, format!("{path} uses {reference}")));
            }
        }
    }

    for parent in &modules {
        let children: Vec<&Module> = modules
            .iter()
            .filter(|m| m.len() == parent.len() + 1 && m.starts_with(parent))
            .collect();
        let child_at = |m: &Module| {
            children
                .iter()
                .find(|child| m.starts_with(child))
                .map(|child| (*child).clone())
        };
        let mut graph: BTreeMap<Module, BTreeMap<Module, String>> = BTreeMap::new();
        for (from, to, seen) in &imports {
            if let (Some(from), Some(to)) = (child_at(from), child_at(to)) {
                if from != to {
                    graph
                        .entry(from)
                        .or_default()
                        .entry(to)
                        .or_insert_with(|| seen.clone());
                }
            }
        }
        if let Some(cycle) = find_cycle(&graph) {
            let name = |m: &Module| m.join("::");
            let names: Vec<String> = cycle.iter().map(name).collect();
            let mut message = format!(
                "modules import one another in a cycle: {}",
                names.join(" -> ")
            );
            for step in cycle.windows(2) {
                let seen = &graph[&step[0]][&step[1]];
                message.push_str(&format!(
                    "\n  {} -> {}: {seen}",
                    name(&step[0]),
                    name(&step[1])
                ));
            }
            return Err(message);
        }
    }
    Ok(())
}

/// The module a file holds: `strategy/bfs.rs` and `strategy/bfs/mod.rs` hold `strategy::bfs`.
fn module_of(path: &str, root: &str) -> Module {
    if path == root {
        return Vec::new();
    }
    let mut parts: Module = path
        .trim_end_matches(".rs")
        .split('/')
        .map(str::to_owned)
        .collect();
    if parts.last().is_some_and(|last| last == "mod") {
        parts.pop();
    }
    parts
}

fn child_of(module: &Module, name: &str) -> Module {
    let mut child = module.clone();
    child.push(name.to_owned());
    child
}

/// Rust source without comments, and with every string and character literal emptied, so that
/// a path in a doc comment or a message is not taken for an import.
fn strip(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let at = |i: usize, s: &str| {
        s.chars()
            .enumerate()
            .all(|(k, c)| chars.get(i + k) == Some(&c))
    };
    let ident = |c: Option<&char>| c.is_some_and(|c| c.is_alphanumeric() || *c == '_');
    while i < chars.len() {
        if at(i, "//") {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if at(i, "/*") {
            let mut depth = 0;
            while i < chars.len() {
                if at(i, "/*") {
                    depth += 1;
                    i += 2;
                } else if at(i, "*/") {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
        } else if !ident(i.checked_sub(1).and_then(|j| chars.get(j)))
            && (at(i, "r\"") || at(i, "r#") || at(i, "br\"") || at(i, "br#"))
        {
            // A raw string: r"...", r#"..."#, as many # at the end as at the start.
            i += if chars[i] == 'b' { 2 } else { 1 };
            let hashes = chars[i..].iter().take_while(|&&c| c == '#').count();
            i += hashes + 1;
            let end: String = std::iter::once('"')
                .chain(std::iter::repeat_n('#', hashes))
                .collect();
            while i < chars.len() && !at(i, &end) {
                i += 1;
            }
            i += end.chars().count();
            out.push_str("\"\"");
        } else if chars[i] == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if chars[i] == '\'' && chars.get(i + 1) == Some(&'\\') {
            // An escaped character literal: '\n', '\'', '\u{1b}'.
            i += 3;
            while i < chars.len() && chars[i] != '\'' {
                i += 1;
            }
            i += 1;
            out.push_str("' '");
        } else if chars[i] == '\'' && chars.get(i + 2) == Some(&'\'') {
            i += 3;
            out.push_str("' '");
        } else {
            // Anything else, a lifetime's quote included, as it is.
            out.push(chars[i]);
            i += 1;
        }
    }
    out
}

/// The code without its `#[cfg(test)]` items, and the names of the submodules declared under
/// `#[cfg(test)]` (`mod testing;`), whose files are test code.
fn without_tests(code: &str) -> (String, Vec<String>) {
    const MARK: &str = "#[cfg(test)]";
    let mut out = String::new();
    let mut test_modules = Vec::new();
    let mut rest = code;
    while let Some(start) = rest.find(MARK) {
        out.push_str(&rest[..start]);
        let item = &rest[start + MARK.len()..];
        // The item ends at a `;` outside braces or at the brace that closes its body.
        let mut depth = 0usize;
        let mut end = item.len();
        for (i, c) in item.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        end = i + 1;
                        break;
                    }
                }
                ';' if depth == 0 => {
                    end = i + 1;
                    break;
                }
                _ => {}
            }
        }
        let words: Vec<&str> = item[..end]
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .filter(|w| !w.is_empty())
            .collect();
        if let Some(at) = words.iter().position(|&w| w == "mod") {
            if item[..end].trim_end().ends_with(';') {
                if let Some(name) = words.get(at + 1) {
                    test_modules.push((*name).to_owned());
                }
            }
        }
        rest = &item[end..];
    }
    out.push_str(rest);
    (out, test_modules)
}

/// The paths the code refers to: each path of its `use` trees, and every other path that
/// starts with `crate`, `super` or `self`, or with a word followed by `::` (which
/// [`resolve`] keeps only when it names a submodule).
fn references(code: &str) -> Vec<String> {
    let mut paths = Vec::new();
    let mut rest = code;
    let mut other = String::new();
    while let Some(at) = find_word(rest, "use") {
        other.push_str(&rest[..at]);
        let tree = &rest[at + 3..];
        if tree.trim_start().starts_with('<') {
            // Precise capturing in a type (`impl Trait + use<'a>`), not an import.
            other.push_str("use");
            rest = tree;
            continue;
        }
        let end = tree.find(';').unwrap_or(tree.len());
        expand_use(&compact(&tree[..end]), "", &mut paths);
        rest = &tree[end..];
    }
    other.push_str(rest);
    // Paths in the code: words joined by `::`.
    let chars: Vec<char> = other.chars().collect();
    let word = |c: char| c.is_alphanumeric() || c == '_';
    let mut i = 0;
    while i < chars.len() {
        if word(chars[i]) && (i == 0 || !(word(chars[i - 1]) || chars[i - 1] == ':')) {
            let mut path = String::new();
            let mut j = i;
            loop {
                let start = j;
                while j < chars.len() && word(chars[j]) {
                    j += 1;
                }
                path.extend(&chars[start..j]);
                if chars.get(j) == Some(&':')
                    && chars.get(j + 1) == Some(&':')
                    && chars.get(j + 2).is_some_and(|&c| word(c))
                {
                    path.push_str("::");
                    j += 2;
                } else {
                    break;
                }
            }
            if path.contains("::") {
                paths.push(path);
            }
            i = j.max(i + 1);
        } else {
            i += 1;
        }
    }
    paths
}

/// Where `word` starts in `text` as a whole word.
fn find_word(text: &str, word: &str) -> Option<usize> {
    let is_word = |c: char| c.is_alphanumeric() || c == '_';
    let mut from = 0;
    while let Some(found) = text[from..].find(word) {
        let at = from + found;
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        if !before.is_some_and(is_word) && !after.is_some_and(is_word) {
            return Some(at);
        }
        from = at + word.len();
    }
    None
}

/// A `use` tree without whitespace, a renaming (`a::B as C`) written `a::B@C`.
fn compact(tree: &str) -> String {
    tree.split_whitespace()
        .map(|word| if word == "as" { "@" } else { word })
        .collect()
}

/// The paths of a [`compact`] `use` tree (`crate::{a::B,c}`), each after `prefix`.
fn expand_use(tree: &str, prefix: &str, out: &mut Vec<String>) {
    let tree = tree.trim_start_matches("::");
    if let Some(open) = tree.find('{') {
        let head = format!("{prefix}{}", &tree[..open]);
        let inner = &tree[open + 1..];
        let inner = &inner[..inner.rfind('}').unwrap_or(inner.len())];
        let mut depth = 0;
        let mut start = 0;
        for (i, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    expand_use(&inner[start..i], &head, out);
                    start = i + 1;
                }
                _ => {}
            }
        }
        expand_use(&inner[start..], &head, out);
    } else if !tree.is_empty() {
        let path = tree.split('@').next().unwrap_or(tree);
        let path = format!("{prefix}{path}");
        out.push(path.trim_end_matches("::self").to_owned());
    }
}

/// The root's re-exports: the name each `pub use` gives, and the path it stands for.
fn root_reexports(code: &str) -> BTreeMap<String, String> {
    let mut paths = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("pub use ") {
        let tree = &rest[at + "pub use ".len()..];
        let end = tree.find(';').unwrap_or(tree.len());
        expand_use(&compact(&tree[..end]), "", &mut paths);
        rest = &tree[end..];
    }
    paths
        .into_iter()
        .filter_map(|path| {
            let path = path
                .trim_start_matches("crate::")
                .trim_start_matches("self::");
            Some((path.rsplit("::").next()?.to_owned(), path.to_owned()))
        })
        .collect()
}

/// The module that `reference`, seen in `module`, reaches: the longest known module its path
/// starts with, after `crate`, `super`, `self` and the root's re-exports; `None` for a path
/// outside the crate.
fn resolve(
    module: &Module,
    reference: &str,
    modules: &BTreeSet<Module>,
    reexports: &BTreeMap<String, String>,
) -> Option<Module> {
    let mut segments = reference.split("::").peekable();
    let mut path: Module = match *segments.peek()? {
        "crate" | "$crate" => {
            segments.next();
            Vec::new()
        }
        "super" | "self" => {
            let mut path = module.clone();
            while let Some(&word @ ("super" | "self")) = segments.peek() {
                if word == "super" {
                    path.pop()?;
                }
                segments.next();
            }
            path
        }
        // A path from one of the module's own submodules (`use table::Table;`).
        first if modules.contains(&child_of(module, first)) => module.clone(),
        _ => return None,
    };
    let rest: Vec<&str> = segments.collect();
    if path.is_empty() {
        if let Some(target) = rest.first().and_then(|first| reexports.get(*first)) {
            if !modules.contains(&vec![(*rest.first()?).to_owned()]) {
                let target = format!("crate::{target}");
                return resolve(&Vec::new(), &target, modules, &BTreeMap::new());
            }
        }
    }
    let mut found = path.clone();
    for segment in rest {
        path.push(segment.to_owned());
        if modules.contains(&path) {
            found = path.clone();
        }
    }
    Some(found)
}

/// A cycle in `graph` as the modules along it, the first repeated at the end.
fn find_cycle(graph: &BTreeMap<Module, BTreeMap<Module, String>>) -> Option<Vec<Module>> {
    fn visit(
        node: &Module,
        graph: &BTreeMap<Module, BTreeMap<Module, String>>,
        done: &mut BTreeSet<Module>,
        path: &mut Vec<Module>,
    ) -> Option<Vec<Module>> {
        if let Some(at) = path.iter().position(|m| m == node) {
            let mut cycle = path[at..].to_vec();
            cycle.push(node.clone());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.clone());
        for next in graph.get(node).into_iter().flat_map(BTreeMap::keys) {
            if let Some(cycle) = visit(next, graph, done, path) {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(node.clone());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|node| visit(node, graph, &mut done, &mut Vec::new()))
}
