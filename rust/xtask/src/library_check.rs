//! What a package's Windows library must be: a PE library (a DLL) for x86-64 that exports
//! `gdext_rust_init`, the entry `aps.gdextension` names, and imports nothing but Windows' own
//! libraries (no MinGW runtime a user would have to ship beside it). Read from the file's own
//! tables: the PE header, its sections, its export and import directories.

use std::path::Path;

/// The entry point gdext exports and `aps.gdextension` names.
pub const ENTRY: &str = "gdext_rust_init";

/// Checks the DLL at `path`; says what is wrong.
pub fn check_windows_dll(path: &Path) -> Result<(), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let pe = Pe::parse(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    if !pe.exports.iter().any(|e| e == ENTRY) {
        return Err(format!("{} does not export {ENTRY}", path.display()));
    }
    let foreign: Vec<&String> = pe
        .imports
        .iter()
        .filter(|d| !is_system_library(d))
        .collect();
    if !foreign.is_empty() {
        return Err(format!(
            "{} links libraries a Windows machine does not have: {foreign:?}",
            path.display()
        ));
    }
    println!(
        "{}: a PE DLL for x86-64, exporting {ENTRY}, linking only {:?}",
        path.display(),
        pe.imports
    );
    Ok(())
}

/// Whether `dll` ships with Windows.
fn is_system_library(dll: &str) -> bool {
    let name = dll.to_ascii_lowercase();
    const SYSTEM: [&str; 12] = [
        "kernel32.dll",
        "ntdll.dll",
        "msvcrt.dll",
        "ucrtbase.dll",
        "advapi32.dll",
        "bcrypt.dll",
        "bcryptprimitives.dll",
        "ws2_32.dll",
        "userenv.dll",
        "user32.dll",
        "shell32.dll",
        "synchronization.dll",
    ];
    name.starts_with("api-ms-win-") || SYSTEM.contains(&name.as_str())
}

/// What the check reads of a PE file.
struct Pe {
    exports: Vec<String>,
    imports: Vec<String>,
}

impl Pe {
    fn parse(b: &[u8]) -> Result<Pe, String> {
        let u16_at = |o: usize| b.get(o..o + 2).map(|s| u16::from_le_bytes([s[0], s[1]]));
        let u32_at = |o: usize| {
            b.get(o..o + 4)
                .map(|s| u32::from_le_bytes([s[0], s[1], s[2], s[3]]))
        };
        if b.get(0..2) != Some(b"MZ") {
            return Err("not a PE file (no MZ header)".into());
        }
        let pe = u32_at(0x3c).ok_or("truncated")? as usize;
        if b.get(pe..pe + 4) != Some(b"PE\0\0") {
            return Err("not a PE file (no PE signature)".into());
        }
        let coff = pe + 4;
        if u16_at(coff) != Some(0x8664) {
            return Err("not built for x86-64".into());
        }
        let characteristics = u16_at(coff + 18).ok_or("truncated")?;
        if characteristics & 0x2000 == 0 {
            return Err("not a DLL".into());
        }
        let sections = u16_at(coff + 2).ok_or("truncated")? as usize;
        let optional_size = u16_at(coff + 16).ok_or("truncated")? as usize;
        let optional = coff + 20;
        if u16_at(optional) != Some(0x20b) {
            return Err("not a PE32+ image".into());
        }
        // PE32+: the data directories start 112 bytes into the optional header.
        let directory = |i: usize| -> Option<(u32, u32)> {
            let at = optional + 112 + i * 8;
            Some((u32_at(at)?, u32_at(at + 4)?))
        };
        let table = optional + optional_size;
        let to_offset = |rva: u32| -> Option<usize> {
            (0..sections).find_map(|s| {
                let h = table + s * 40;
                let (size, va, raw) = (u32_at(h + 8)?, u32_at(h + 12)?, u32_at(h + 20)?);
                (rva >= va && rva < va + size.max(1)).then(|| (rva - va + raw) as usize)
            })
        };
        let c_string = |rva: u32| -> Option<String> {
            let start = to_offset(rva)?;
            let end = start + b.get(start..)?.iter().position(|&c| c == 0)?;
            Some(String::from_utf8_lossy(&b[start..end]).into_owned())
        };
        let mut exports = Vec::new();
        if let Some((rva, size)) = directory(0).filter(|(_, size)| *size > 0) {
            let _ = size;
            let e = to_offset(rva).ok_or("bad export directory")?;
            let count = u32_at(e + 24).ok_or("truncated")? as usize;
            let names = u32_at(e + 32).ok_or("truncated")?;
            let names = to_offset(names).ok_or("bad export names")?;
            for i in 0..count {
                let name = u32_at(names + i * 4).ok_or("truncated")?;
                exports.push(c_string(name).ok_or("bad export name")?);
            }
        }
        let mut imports = Vec::new();
        if let Some((rva, _)) = directory(1).filter(|(_, size)| *size > 0) {
            let mut d = to_offset(rva).ok_or("bad import directory")?;
            loop {
                let name = u32_at(d + 12).ok_or("truncated")?;
                if name == 0 {
                    break;
                }
                imports.push(c_string(name).ok_or("bad import name")?);
                d += 20;
            }
        }
        Ok(Pe { exports, imports })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_own_libraries_and_no_others() {
        assert!(is_system_library("KERNEL32.dll"));
        assert!(is_system_library("api-ms-win-core-synch-l1-2-0.dll"));
        assert!(!is_system_library("libgcc_s_seh-1.dll"));
        assert!(!is_system_library("libwinpthread-1.dll"));
    }

    #[test]
    fn a_file_that_is_no_pe_is_refused() {
        assert!(Pe::parse(b"\x7fELF....").is_err());
        assert!(Pe::parse(b"MZ").is_err());
    }
}
