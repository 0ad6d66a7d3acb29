//! What a package's cross-built libraries must be, read from each file's own tables:
//!
//! - Windows: a PE library (a DLL) for x86-64 that exports `gdext_rust_init`, the entry
//!   `aps.gdextension` names, and imports nothing but Windows' own libraries (no MinGW runtime a
//!   user would have to ship beside it): the PE header, its sections, its export and import
//!   directories.
//! - macOS: one universal Mach-O library holding an x86_64 and an arm64 build, each a dynamic
//!   library that exports `gdext_rust_init` and links only macOS's own libraries, the arm64 one
//!   signed (Apple silicon runs no unsigned code, and an ad-hoc signature is enough): the fat
//!   header, each slice's load commands and its symbol table.

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

/// Checks the universal macOS library at `path`; says what is wrong.
pub fn check_macos_dylib(path: &Path) -> Result<(), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let slices = fat_slices(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut seen = Vec::new();
    for (cpu, slice) in slices {
        let arch = match cpu {
            CPU_X86_64 => "x86_64",
            CPU_ARM64 => "arm64",
            other => return Err(format!("{}: a slice for cpu {other:#x}", path.display())),
        };
        let m =
            MachO::parse(slice, cpu).map_err(|e| format!("{} ({arch}): {e}", path.display()))?;
        if !m.exports.iter().any(|e| e.strip_prefix('_') == Some(ENTRY)) {
            return Err(format!(
                "{} ({arch}) does not export {ENTRY}",
                path.display()
            ));
        }
        let foreign: Vec<&String> = m
            .libraries
            .iter()
            .filter(|l| !l.starts_with("/usr/lib/") && !l.starts_with("/System/Library/"))
            .collect();
        if !foreign.is_empty() {
            return Err(format!(
                "{} ({arch}) links libraries a Mac does not have: {foreign:?}",
                path.display()
            ));
        }
        if cpu == CPU_ARM64 && !m.signed {
            return Err(format!(
                "{} (arm64) has no code signature: Apple silicon would refuse to load it",
                path.display()
            ));
        }
        println!(
            "{} ({arch}): a Mach-O dynamic library, exporting {ENTRY}, linking only {:?}{}",
            path.display(),
            m.libraries,
            if m.signed { ", signed" } else { "" }
        );
        seen.push(arch);
    }
    for arch in ["x86_64", "arm64"] {
        if !seen.contains(&arch) {
            return Err(format!("{} holds no {arch} build", path.display()));
        }
    }
    Ok(())
}

/// Mach-O's cpu types for x86-64 and arm64 (the 64-bit flag on the family).
const CPU_X86_64: u32 = 0x0100_0007;
const CPU_ARM64: u32 = 0x0100_000c;

/// The slices of a universal (fat) Mach-O file, each with its cpu type; a file with one
/// architecture is one slice.
fn fat_slices(b: &[u8]) -> Result<Vec<(u32, &[u8])>, String> {
    let be = |o: usize| {
        b.get(o..o + 4)
            .map(|s| u32::from_be_bytes([s[0], s[1], s[2], s[3]]))
    };
    match be(0) {
        Some(0xcafe_babe) => {
            let count = be(4).ok_or("truncated")? as usize;
            let mut slices = Vec::new();
            for i in 0..count {
                let at = 8 + i * 20;
                let cpu = be(at).ok_or("truncated")?;
                let (offset, size) = (
                    be(at + 8).ok_or("truncated")? as usize,
                    be(at + 12).ok_or("truncated")? as usize,
                );
                let slice = b
                    .get(offset..offset + size)
                    .ok_or("a slice past the file's end")?;
                slices.push((cpu, slice));
            }
            Ok(slices)
        }
        Some(0xcffa_edfe) => {
            let cpu = b
                .get(4..8)
                .map(|s| u32::from_le_bytes([s[0], s[1], s[2], s[3]]))
                .ok_or("truncated")?;
            Ok(vec![(cpu, b)])
        }
        _ => Err("not a Mach-O file".into()),
    }
}

/// What the check reads of one 64-bit Mach-O slice.
struct MachO {
    exports: Vec<String>,
    libraries: Vec<String>,
    signed: bool,
}

impl MachO {
    fn parse(b: &[u8], cpu: u32) -> Result<MachO, String> {
        let u32_at = |o: usize| {
            b.get(o..o + 4)
                .map(|s| u32::from_le_bytes([s[0], s[1], s[2], s[3]]))
        };
        if u32_at(0) != Some(0xfeed_facf) {
            return Err("not a 64-bit Mach-O slice".into());
        }
        if u32_at(4) != Some(cpu) {
            return Err("its header names another cpu than the fat header".into());
        }
        // MH_DYLIB
        if u32_at(12) != Some(6) {
            return Err("not a dynamic library".into());
        }
        let commands = u32_at(16).ok_or("truncated")? as usize;
        let c_string = |at: usize| -> Option<String> {
            let end = at + b.get(at..)?.iter().position(|&c| c == 0)?;
            Some(String::from_utf8_lossy(&b[at..end]).into_owned())
        };
        let mut m = MachO {
            exports: Vec::new(),
            libraries: Vec::new(),
            signed: false,
        };
        // The load commands follow the 32-byte header.
        let mut at = 32;
        for _ in 0..commands {
            let kind = u32_at(at).ok_or("truncated")?;
            let size = u32_at(at + 4).ok_or("truncated")? as usize;
            match kind {
                // LC_LOAD_DYLIB, LC_LOAD_WEAK_DYLIB, LC_REEXPORT_DYLIB, LC_LAZY_LOAD_DYLIB
                0xc | 0x8000_0018 | 0x8000_001f | 0x20 => {
                    let name = u32_at(at + 8).ok_or("truncated")? as usize;
                    m.libraries
                        .push(c_string(at + name).ok_or("bad library name")?);
                }
                // LC_SYMTAB: the defined external symbols are what the library exports.
                0x2 => {
                    let (symbols, count, strings) = (
                        u32_at(at + 8).ok_or("truncated")? as usize,
                        u32_at(at + 12).ok_or("truncated")? as usize,
                        u32_at(at + 16).ok_or("truncated")? as usize,
                    );
                    for i in 0..count {
                        let s = symbols + i * 16;
                        let name = u32_at(s).ok_or("truncated")? as usize;
                        let kind = *b.get(s + 4).ok_or("truncated")?;
                        // N_EXT, and N_TYPE is N_SECT: defined in a section.
                        if kind & 0x01 != 0 && kind & 0x0e == 0x0e {
                            m.exports
                                .push(c_string(strings + name).ok_or("bad symbol name")?);
                        }
                    }
                }
                // LC_CODE_SIGNATURE
                0x1d => m.signed = true,
                _ => {}
            }
            if size == 0 {
                return Err("a load command of no size".into());
            }
            at += size;
        }
        Ok(m)
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

    /// A 64-bit Mach-O dynamic library for `cpu`: it loads `library`, defines (or only names,
    /// undefined) the symbols `symbols`, and is signed or not.
    fn slice(cpu: u32, library: &str, symbols: &[(&str, bool)], signed: bool) -> Vec<u8> {
        let put = |v: &mut Vec<u8>, x: u32| v.extend_from_slice(&x.to_le_bytes());
        let mut name = library.as_bytes().to_vec();
        name.resize((name.len() + 8) & !7, 0);
        let dylib_size = 24 + name.len() as u32;
        let commands = 2 + u32::from(signed);
        let commands_size = dylib_size + 24 + if signed { 16 } else { 0 };
        let symbols_at = 32 + commands_size;
        let strings_at = symbols_at + 16 * symbols.len() as u32;
        let mut strings = vec![0u8];
        let mut table = Vec::new();
        for (symbol, defined) in symbols {
            put(&mut table, strings.len() as u32);
            table.extend_from_slice(&[if *defined { 0x0f } else { 0x01 }, 1, 0, 0]);
            table.extend_from_slice(&0u64.to_le_bytes());
            strings.extend_from_slice(symbol.as_bytes());
            strings.push(0);
        }
        let mut b = Vec::new();
        for x in [0xfeed_facf, cpu, 0, 6, commands, commands_size, 0, 0] {
            put(&mut b, x);
        }
        for x in [0xc, dylib_size, 24, 2, 0, 0] {
            put(&mut b, x);
        }
        b.extend_from_slice(&name);
        let symbol_count = symbols.len() as u32;
        for x in [
            0x2,
            24,
            symbols_at,
            symbol_count,
            strings_at,
            strings.len() as u32,
        ] {
            put(&mut b, x);
        }
        if signed {
            for x in [0x1d, 16, 0, 0] {
                put(&mut b, x);
            }
        }
        b.extend_from_slice(&table);
        b.extend_from_slice(&strings);
        b
    }

    /// A universal file of `slices`, each with its cpu.
    fn fat(slices: &[(u32, Vec<u8>)]) -> Vec<u8> {
        let mut b = vec![0xca, 0xfe, 0xba, 0xbe];
        b.extend_from_slice(&(slices.len() as u32).to_be_bytes());
        let mut at = 8 + 20 * slices.len();
        for (cpu, s) in slices {
            for x in [*cpu, 0, at as u32, s.len() as u32, 0] {
                b.extend_from_slice(&x.to_be_bytes());
            }
            at += s.len();
        }
        for (_, s) in slices {
            b.extend_from_slice(s);
        }
        b
    }

    fn check_bytes(bytes: &[u8]) -> Result<(), String> {
        let path = std::env::temp_dir().join(format!("aps-mach-o-{}.dylib", std::process::id()));
        std::fs::write(&path, bytes).unwrap();
        let result = check_macos_dylib(&path);
        let _ = std::fs::remove_file(&path);
        result
    }

    #[test]
    fn a_universal_library_for_both_macs_passes_and_each_flaw_is_named() {
        const SYSTEM: &str = "/usr/lib/libSystem.B.dylib";
        let entry = [("_gdext_rust_init", true), ("_free", false)];
        let good = |signed_arm: bool, library: &str, symbols: &[(&str, bool)]| {
            fat(&[
                (CPU_X86_64, slice(CPU_X86_64, SYSTEM, &entry, false)),
                (CPU_ARM64, slice(CPU_ARM64, library, symbols, signed_arm)),
            ])
        };
        assert_eq!(check_bytes(&good(true, SYSTEM, &entry)), Ok(()));
        let unsigned = check_bytes(&good(false, SYSTEM, &entry)).unwrap_err();
        assert!(unsigned.contains("no code signature"), "{unsigned}");
        let foreign = check_bytes(&good(true, "/opt/homebrew/lib/libz.dylib", &entry)).unwrap_err();
        assert!(foreign.contains("libz"), "{foreign}");
        let undefined = [("_gdext_rust_init", false)];
        let missing = check_bytes(&good(true, SYSTEM, &undefined)).unwrap_err();
        assert!(missing.contains("does not export"), "{missing}");
        let intel_only = fat(&[(CPU_X86_64, slice(CPU_X86_64, SYSTEM, &entry, false))]);
        let one = check_bytes(&intel_only).unwrap_err();
        assert!(one.contains("no arm64 build"), "{one}");
    }

    #[test]
    fn a_file_that_is_no_mach_o_is_refused() {
        assert!(fat_slices(b"\x7fELF....").is_err());
        assert!(fat_slices(b"").is_err());
        // A thin Mach-O header cut short after its magic.
        assert!(fat_slices(&[0xcf, 0xfa, 0xed, 0xfe, 7]).is_err());
        // A fat header naming a slice past the end of the file.
        let mut fat = vec![0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 1];
        fat.extend_from_slice(&[
            1, 0, 0, 7, 0, 0, 0, 3, 0, 0, 0x10, 0, 0, 0, 0x10, 0, 0, 0, 0, 12,
        ]);
        assert!(fat_slices(&fat).is_err());
    }

    #[test]
    fn a_file_that_is_no_pe_is_refused() {
        assert!(Pe::parse(b"\x7fELF....").is_err());
        assert!(Pe::parse(b"MZ").is_err());
    }
}
