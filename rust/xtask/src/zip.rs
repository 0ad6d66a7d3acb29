//! Zip archives, written and read: the addon's package, and the package test unpacking it.
//!
//! Only what a package needs: folders and files, each file deflated (or stored when deflate
//! would not make it smaller), no zip64 (an entry or an archive of 4 GiB or more is refused),
//! no encryption. Every entry carries the same timestamp, 1980-01-01 00:00 (the format's
//! earliest), so the same files always make the same archive, byte for byte. Deflate itself is
//! `miniz_oxide`'s; the container (headers, central directory, CRC-32) is written here.

use std::fs;
use std::path::{Component, Path};

const LOCAL_HEADER: u32 = 0x0403_4b50;
const CENTRAL_HEADER: u32 = 0x0201_4b50;
const END_OF_CENTRAL_DIRECTORY: u32 = 0x0605_4b50;
const LOCAL_HEADER_LEN: usize = 30;
const CENTRAL_HEADER_LEN: usize = 46;
const END_LEN: usize = 22;

const STORED: u16 = 0;
const DEFLATED: u16 = 8;
/// Version 2.0 of the format: deflate and folders.
const VERSION_NEEDED: u16 = 20;
/// Made on Unix (the high byte), so readers take the permissions from the external attributes.
const VERSION_MADE_BY: u16 = (3 << 8) | VERSION_NEEDED;
/// Flag bit 11: the name is UTF-8.
const UTF8_NAME: u16 = 1 << 11;
/// 1980-01-01 in MS-DOS date format (day 1, month 1, year 0 = 1980); the time is 00:00.
const DOS_DATE: u16 = (1 << 5) | 1;
const DOS_TIME: u16 = 0;
/// Unix modes in the high half of the external attributes; 0x10 marks a folder for DOS readers.
const FILE_ATTRIBUTES: u32 = 0o100_644 << 16;
const FOLDER_ATTRIBUTES: u32 = (0o040_755 << 16) | 0x10;

/// miniz's default level: within a few per cent of its best, several times faster.
const DEFLATE_LEVEL: u8 = 6;

/// One entry: a folder (`data: None`, its name ending in `/`) or a file.
#[derive(Debug, PartialEq, Eq)]
pub struct Entry {
    pub name: String,
    pub data: Option<Vec<u8>>,
}

impl Entry {
    pub fn folder(name: &str) -> Self {
        let name = if name.ends_with('/') {
            name.to_string()
        } else {
            format!("{name}/")
        };
        Self { name, data: None }
    }

    pub fn file(name: &str, data: Vec<u8>) -> Self {
        Self {
            name: name.to_string(),
            data: Some(data),
        }
    }
}

/// The archive holding `entries`, in their order.
pub fn archive(entries: &[Entry]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    let mut central = Vec::new();
    for entry in entries {
        check_name(&entry.name)?;
        let offset = u32_field(out.len(), "the archive")?;
        let data = entry.data.as_deref().unwrap_or_default();
        let crc = crc32(data);
        let deflated = miniz_oxide::deflate::compress_to_vec(data, DEFLATE_LEVEL);
        let (method, stored) = if entry.data.is_some() && deflated.len() < data.len() {
            (DEFLATED, deflated.as_slice())
        } else {
            (STORED, data)
        };
        let fields = Fields {
            flags: if entry.name.is_ascii() { 0 } else { UTF8_NAME },
            method,
            crc,
            compressed: u32_field(stored.len(), &entry.name)?,
            size: u32_field(data.len(), &entry.name)?,
            name_len: u16::try_from(entry.name.len())
                .map_err(|_| format!("{}: the name is too long", entry.name))?,
        };
        push_u32(&mut out, LOCAL_HEADER);
        push_u16(&mut out, VERSION_NEEDED);
        fields.push(&mut out);
        push_u16(&mut out, 0); // no extra field
        out.extend_from_slice(entry.name.as_bytes());
        out.extend_from_slice(stored);

        push_u32(&mut central, CENTRAL_HEADER);
        push_u16(&mut central, VERSION_MADE_BY);
        push_u16(&mut central, VERSION_NEEDED);
        fields.push(&mut central);
        push_u16(&mut central, 0); // no extra field
        push_u16(&mut central, 0); // no comment
        push_u16(&mut central, 0); // disk 0
        push_u16(&mut central, 0); // internal attributes
        push_u32(
            &mut central,
            if entry.data.is_some() {
                FILE_ATTRIBUTES
            } else {
                FOLDER_ATTRIBUTES
            },
        );
        push_u32(&mut central, offset);
        central.extend_from_slice(entry.name.as_bytes());
    }
    let count = u16::try_from(entries.len()).map_err(|_| "too many entries for a zip")?;
    let central_offset = u32_field(out.len(), "the archive")?;
    let central_len = u32_field(central.len(), "the central directory")?;
    out.extend_from_slice(&central);
    push_u32(&mut out, END_OF_CENTRAL_DIRECTORY);
    push_u16(&mut out, 0); // this disk
    push_u16(&mut out, 0); // the disk the directory starts on
    push_u16(&mut out, count);
    push_u16(&mut out, count);
    push_u32(&mut out, central_len);
    push_u32(&mut out, central_offset);
    push_u16(&mut out, 0); // no comment
    Ok(out)
}

/// The header fields the local and the central header share, in their order.
struct Fields {
    flags: u16,
    method: u16,
    crc: u32,
    compressed: u32,
    size: u32,
    name_len: u16,
}

impl Fields {
    fn push(&self, out: &mut Vec<u8>) {
        push_u16(out, self.flags);
        push_u16(out, self.method);
        push_u16(out, DOS_TIME);
        push_u16(out, DOS_DATE);
        push_u32(out, self.crc);
        push_u32(out, self.compressed);
        push_u32(out, self.size);
        push_u16(out, self.name_len);
    }
}

/// Every entry of an archive, files inflated and checked against their CRC-32.
pub fn entries(bytes: &[u8]) -> Result<Vec<Entry>, String> {
    let end = (0..=bytes.len().saturating_sub(END_LEN))
        .rev()
        .find(|&at| read_u32(bytes, at) == Some(END_OF_CENTRAL_DIRECTORY))
        .ok_or("not a zip archive: no end of central directory")?;
    let field = |at: usize, what: &str| {
        read_u32(bytes, at)
            .map(|v| v as usize)
            .ok_or(format!("truncated {what}"))
    };
    let count = read_u16(bytes, end + 10).ok_or("truncated end of central directory")?;
    let mut at = field(end + 16, "end of central directory")?;
    let mut found = Vec::with_capacity(usize::from(count));
    for _ in 0..count {
        if read_u32(bytes, at) != Some(CENTRAL_HEADER) {
            return Err(format!("no central directory header at byte {at}"));
        }
        let short = |offset: usize| {
            read_u16(bytes, at + offset)
                .map(usize::from)
                .ok_or("truncated central directory header")
        };
        let method = short(10)? as u16;
        let crc = field(at + 16, "central directory header")? as u32;
        let compressed = field(at + 20, "central directory header")?;
        let size = field(at + 24, "central directory header")?;
        let (name_len, extra_len, comment_len) = (short(28)?, short(30)?, short(32)?);
        let local = field(at + 42, "central directory header")?;
        let name_at = at + CENTRAL_HEADER_LEN;
        let name = bytes
            .get(name_at..name_at + name_len)
            .ok_or("truncated entry name")?;
        let name = String::from_utf8(name.to_vec()).map_err(|_| "an entry name is not UTF-8")?;
        at = name_at + name_len + extra_len + comment_len;

        if read_u32(bytes, local) != Some(LOCAL_HEADER) {
            return Err(format!("{name}: no local header at byte {local}"));
        }
        let local_short = |offset: usize| {
            read_u16(bytes, local + offset)
                .map(usize::from)
                .ok_or(format!("{name}: truncated local header"))
        };
        let data_at = local + LOCAL_HEADER_LEN + local_short(26)? + local_short(28)?;
        let raw = bytes
            .get(data_at..data_at + compressed)
            .ok_or(format!("{name}: truncated data"))?;
        if name.ends_with('/') {
            found.push(Entry::folder(&name));
            continue;
        }
        let data = match method {
            STORED => raw.to_vec(),
            DEFLATED => miniz_oxide::inflate::decompress_to_vec(raw)
                .map_err(|e| format!("{name}: cannot inflate: {e:?}"))?,
            other => return Err(format!("{name}: unsupported method {other}")),
        };
        if data.len() != size || crc32(&data) != crc {
            return Err(format!("{name}: size or CRC-32 does not match"));
        }
        found.push(Entry::file(&name, data));
    }
    Ok(found)
}

/// Unpacks the archive at `zip` into the folder `into`; returns the names it unpacked.
pub fn extract(zip: &Path, into: &Path) -> Result<Vec<String>, String> {
    let bytes = fs::read(zip).map_err(|e| format!("cannot read {}: {e}", zip.display()))?;
    let entries = entries(&bytes).map_err(|e| format!("{}: {e}", zip.display()))?;
    let mut names = Vec::with_capacity(entries.len());
    for entry in entries {
        check_name(&entry.name)?;
        let path = into.join(&entry.name);
        let made = match &entry.data {
            None => fs::create_dir_all(&path),
            Some(data) => path
                .parent()
                .map_or(Ok(()), fs::create_dir_all)
                .and_then(|()| fs::write(&path, data)),
        };
        made.map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        names.push(entry.name);
    }
    Ok(names)
}

/// An entry name must be a relative path inside the archive's root, with `/` between parts.
fn check_name(name: &str) -> Result<(), String> {
    let inside = !name.is_empty()
        && !name.contains('\\')
        && Path::new(name)
            .components()
            .all(|part| matches!(part, Component::Normal(_)));
    if inside {
        Ok(())
    } else {
        Err(format!(
            "{name:?} is not a relative path inside the archive"
        ))
    }
}

fn u32_field(len: usize, what: &str) -> Result<u32, String> {
    u32::try_from(len).map_err(|_| format!("{what} is 4 GiB or more, which needs zip64"))
}

fn push_u16(out: &mut Vec<u8>, value: u16) {
    out.extend_from_slice(&value.to_le_bytes());
}

fn push_u32(out: &mut Vec<u8>, value: u32) {
    out.extend_from_slice(&value.to_le_bytes());
}

fn read_u16(bytes: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_le_bytes(bytes.get(at..at + 2)?.try_into().ok()?))
}

fn read_u32(bytes: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(bytes.get(at..at + 4)?.try_into().ok()?))
}

/// The CRC-32 of zip (and PNG, and gzip): reflected polynomial 0xEDB88320.
fn crc32(data: &[u8]) -> u32 {
    !data.iter().fold(!0u32, |crc, &byte| {
        CRC_TABLE[((crc ^ u32::from(byte)) & 0xff) as usize] ^ (crc >> 8)
    })
}

const CRC_TABLE: [u32; 256] = {
    let mut table = [0u32; 256];
    let mut i = 0;
    while i < 256 {
        let mut crc = i as u32;
        let mut bit = 0;
        while bit < 8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
            bit += 1;
        }
        table[i] = crc;
        i += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;
    use std::process::Command;

    fn sample() -> Vec<Entry> {
        vec![
            Entry::folder("addons"),
            Entry::folder("addons/aps/"),
            Entry::file(
                "addons/aps/plugin.cfg",
                b"[plugin]\nname=\"APS\"\n".to_vec(),
            ),
            Entry::file("addons/aps/bin/lib.so", vec![7u8; 100_000]),
            Entry::file("addons/aps/empty", Vec::new()),
        ]
    }

    #[test]
    fn crc32_is_the_standard_one() {
        assert_eq!(crc32(b""), 0);
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
    }

    #[test]
    fn an_archive_reads_back_as_written() {
        let bytes = archive(&sample()).unwrap();
        assert_eq!(entries(&bytes).unwrap(), sample());
        assert!(bytes.len() < 10_000, "repetitive data deflates");
        assert_eq!(
            archive(&sample()).unwrap(),
            bytes,
            "the same bytes every time"
        );
    }

    #[test]
    fn names_outside_the_root_are_refused() {
        for name in ["/etc/passwd", "../up", "a/../../up", "a\\b", ""] {
            assert!(check_name(name).is_err(), "{name:?}");
        }
        assert!(archive(&[Entry::file("../x", Vec::new())]).is_err());
        assert!(check_name("addons/aps/icons/ApsProfile.svg").is_ok());
    }

    #[test]
    fn damage_is_noticed() {
        let mut bytes = archive(&sample()).unwrap();
        // The plugin.cfg entry is stored (too short to deflate); flip a byte of its data.
        let at = bytes
            .windows(8)
            .position(|w| w == b"[plugin]")
            .expect("stored data is in the clear");
        bytes[at] ^= 1;
        assert!(entries(&bytes).unwrap_err().contains("CRC-32"));
        assert!(entries(b"not a zip").is_err());
    }

    /// Another implementation reads it too, where one is installed (Info-ZIP's `unzip`).
    #[test]
    fn unzip_accepts_it_where_installed() {
        let dir = std::env::temp_dir().join(format!("xtask-zip-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let zip = dir.join("sample.zip");
        fs::write(&zip, archive(&sample()).unwrap()).unwrap();
        if let Ok(out) = Command::new("unzip").arg("-t").arg(&zip).output() {
            assert!(
                out.status.success(),
                "unzip -t: {}",
                String::from_utf8_lossy(&out.stdout)
            );
        }
        let into = dir.join("out");
        let names = extract(&zip, &into).unwrap();
        assert_eq!(names.len(), 5);
        assert_eq!(
            fs::read(into.join("addons/aps/bin/lib.so")).unwrap(),
            vec![7u8; 100_000]
        );
        fs::remove_dir_all(&dir).unwrap();
    }
}
