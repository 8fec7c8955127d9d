//! Sharding text -> [`Sharding`], as XLA's HLO parser reads it
//! (`HloParserImpl::ParseSharding` / `ParseSingleSharding`,
//! `xla/hlo/parser/hlo_parser.cc`), then normalised as XLA's constructors
//! do (`canon.rs`). Where XLA's parser is more lenient than its verifier
//! (a short device list, a repeated device), this is an error here, with
//! the verifier's reason (docs/xla-compat.md).

use super::canon;
use super::cursor::{Cursor, Result};
use super::error::ShardingErrorKind as K;
use super::iota::Iota;
use super::model::{Devices, Sharding, Subgroup, MAX_DEVICES, MAX_RANK};
use super::named;

/// Most entries of a tuple sharding (own limit).
pub const MAX_TUPLE: usize = 1 << 16;

/// Parses one sharding, `{...}`, the whole text.
pub fn parse_sharding(text: &str) -> std::result::Result<Sharding, super::ShardingError> {
    let mut c = Cursor::new(text);
    let sharding = sharding(&mut c)?;
    if !c.at_end()? {
        let start = c.pos;
        return Err(c.error(K::TrailingInput, start, text.len()));
    }
    Ok(sharding)
}

/// `{...}` at the cursor: a single sharding or a tuple of them.
pub(crate) fn sharding(c: &mut Cursor) -> Result<Sharding> {
    c.expect("{", "`{` opening the sharding")?;
    match c.peek()? {
        Some(b'}') => {
            c.pos += 1;
            Ok(Sharding::Tuple(Vec::new()))
        }
        Some(b'{') => {
            let mut items = Vec::new();
            loop {
                if items.len() == MAX_TUPLE {
                    let at = c.pos;
                    return Err(c.error(
                        K::TooManyEntries {
                            what: "tuple entries",
                            limit: MAX_TUPLE,
                        },
                        at,
                        at + 1,
                    ));
                }
                c.expect("{", "`{` opening a tuple entry's sharding")?;
                items.push(single(c)?);
                if !c.eat(",")? {
                    break;
                }
            }
            c.expect("}", "`,` or `}` closing the tuple sharding")?;
            Ok(Sharding::Tuple(items))
        }
        _ => single(c),
    }
}

/// The inside of one `{...}` after its `{`, through its `}`.
fn single(c: &mut Cursor) -> Result<Sharding> {
    if c.peek()? == Some(b'm') && c.text[c.pos..].starts_with("mesh") {
        let rest = &c.text[c.pos + 4..];
        if rest.trim_start().starts_with('[') {
            return named::parse(c);
        }
    }
    let mut kind: Option<(&str, usize, usize)> = None;
    let mut maximal_device: Option<i64> = None;
    let mut tile_dims: Option<Vec<u64>> = None;
    let mut devices: Option<(Devices, usize, usize)> = None;
    let mut replicate_last = false;
    let mut subgroups: Option<(Vec<Subgroup>, usize)> = None;
    loop {
        if c.eat("}")? {
            break;
        }
        let Some((word, start)) = c.word()? else {
            return Err(c.unexpected("a sharding attribute or `}`"));
        };
        let end = start + word.len();
        match word {
            "replicated" | "manual" | "unknown" | "unreduced" => kind = Some((word, start, end)),
            "maximal" => {
                kind = Some((word, start, end));
                c.expect("device", "`device=` after `maximal`")?;
                c.expect("=", "`=`")?;
                let (d, s, e) = c.int("a device id")?;
                if d < 0 {
                    return Err(c.error(
                        K::Negative {
                            what: "a device id",
                        },
                        s,
                        e,
                    ));
                }
                maximal_device = Some(d);
            }
            "devices" => {
                c.expect("=", "`=` after `devices`")?;
                let dims = dims_list(c, "tile assignment dims")?;
                let tiles = product(c, &dims, start)?;
                devices = Some(device_list(c, tiles)?);
                tile_dims = Some(dims);
            }
            "last_tile_dim_replicate" => replicate_last = true,
            "last_tile_dims" => {
                c.expect("=", "`=` after `last_tile_dims`")?;
                subgroups = Some((subgroup_list(c)?, start));
            }
            "metadata" => {
                c.expect("=", "`=` after `metadata`")?;
                c.skip_braced()?;
            }
            "shard_as" | "shard_like" => {
                return Err(c.error(
                    K::Unsupported {
                        what: "a shard group",
                    },
                    start,
                    end,
                ))
            }
            _ => {
                return Err(c.error(
                    K::UnknownKeyword {
                        name: super::cursor::short(word),
                    },
                    start,
                    end,
                ))
            }
        }
    }
    if let Some((word, ..)) = kind {
        return Ok(match word {
            "replicated" => Sharding::Replicated,
            "manual" => Sharding::Manual,
            "unknown" => Sharding::Unknown,
            "unreduced" => Sharding::Unreduced,
            _ => Sharding::Maximal {
                device: maximal_device.unwrap_or(0),
            },
        });
    }
    let (Some(dims), Some((devices, ds, de))) = (tile_dims, devices) else {
        let at = c.pos.saturating_sub(1);
        return Err(c.error(
            K::Expected {
                expected:
                    "`devices=[...]`, `replicated`, `maximal device=N`, `manual` or `unknown`",
                found: "none".into(),
            },
            at,
            c.pos,
        ));
    };
    if devices.len() == 1 {
        return Err(c.error(K::SingleDevice, ds, de));
    }
    if let Some((types, at)) = subgroups {
        if replicate_last {
            return Err(c.error(
                K::Expected {
                    expected: "either last_tile_dim_replicate or last_tile_dims, not both",
                    found: "both".into(),
                },
                at,
                at + "last_tile_dims".len(),
            ));
        }
        if types.len() > dims.len() {
            return Err(c.error(
                K::TooManyEntries {
                    what: "subgroup types for the tile dims",
                    limit: dims.len(),
                },
                at,
                at + "last_tile_dims".len(),
            ));
        }
        return Ok(canon::subgroup(dims, devices, &types));
    }
    if replicate_last {
        return Ok(canon::partial_tile(dims, devices));
    }
    Ok(canon::tile(dims, devices))
}

/// `[a,b,...]` of sizes >= 1.
pub(crate) fn dims_list(c: &mut Cursor, what: &'static str) -> Result<Vec<u64>> {
    c.expect("[", "`[`")?;
    let mut dims = Vec::new();
    loop {
        let (v, s, e) = c.count("a size")?;
        if v == 0 {
            return Err(c.error(
                K::ZeroSize {
                    what: "a tile count",
                },
                s,
                e,
            ));
        }
        if dims.len() == MAX_RANK {
            return Err(c.error(
                K::TooManyEntries {
                    what,
                    limit: MAX_RANK,
                },
                s,
                e,
            ));
        }
        dims.push(v);
        if !c.eat(",")? {
            break;
        }
    }
    c.expect("]", "`,` or `]`")?;
    Ok(dims)
}

/// The product of `dims`, at most [`MAX_DEVICES`].
fn product(c: &Cursor, dims: &[u64], start: usize) -> Result<u64> {
    let mut n: u64 = 1;
    for &d in dims {
        n = n.saturating_mul(d);
    }
    if n > MAX_DEVICES {
        return Err(c.error(K::TooManyDevices { limit: MAX_DEVICES }, start, c.pos));
    }
    Ok(n)
}

/// `<=[..]T(..)` or `d0,d1,...` for `tiles` tiles.
fn device_list(c: &mut Cursor, tiles: u64) -> Result<(Devices, usize, usize)> {
    let start = {
        c.skip()?;
        c.pos
    };
    if c.eat("<=")? {
        let reshape = dims_list(c, "iota reshape dims")?;
        let iota = product(c, &reshape, start)?;
        // XLA's parser wants `T(...)` exactly when the reshape has more
        // than one dim ("expected 'T(' to start sharding devices
        // iota_transpose_perm").
        let has_t = c.peek()? == Some(b'T');
        if has_t != (reshape.len() > 1) {
            let at = c.pos;
            let expected = if has_t {
                "`}` or an attribute: `T(...)` only follows a reshape of more than one dim"
            } else {
                "`T(` after a reshape of more than one dim (XLA's parser requires it)"
            };
            return Err(c.error(
                K::Expected {
                    expected,
                    found: if has_t { "`T`".into() } else { "none".into() },
                },
                at,
                at + 1,
            ));
        }
        let perm = if c.eat("T")? {
            c.expect("(", "`(` after `T`")?;
            let pstart = c.pos;
            let mut perm = Vec::new();
            loop {
                let (v, s, e) = c.count("a dim number")?;
                if perm.len() == MAX_RANK {
                    return Err(c.error(
                        K::TooManyEntries {
                            what: "T(...) entries",
                            limit: MAX_RANK,
                        },
                        s,
                        e,
                    ));
                }
                perm.push(v);
                if !c.eat(",")? {
                    break;
                }
            }
            c.expect(")", "`,` or `)`")?;
            let mut seen = vec![false; reshape.len()];
            let ok = perm.len() == reshape.len()
                && perm.iter().all(|&p| {
                    let fresh = (p as usize) < seen.len() && !seen[p as usize];
                    if fresh {
                        seen[p as usize] = true;
                    }
                    fresh
                });
            if !ok {
                return Err(c.error(K::BadPermutation, pstart, c.pos));
            }
            perm.into_iter().map(|p| p as usize).collect()
        } else {
            (0..reshape.len()).collect::<Vec<_>>()
        };
        if iota != tiles {
            return Err(c.error(K::IotaSize { tiles, iota }, start, c.pos));
        }
        return Ok((Devices::Iota(Iota::new(&reshape, &perm)), start, c.pos));
    }
    let mut list: Vec<i64> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    loop {
        let (d, s, e) = c.int("a device id or `<=[...]`")?;
        if d < 0 {
            return Err(c.error(
                K::Negative {
                    what: "a device id",
                },
                s,
                e,
            ));
        }
        if !seen.insert(d) {
            return Err(c.error(K::DuplicateDevice { device: d }, s, e));
        }
        if list.len() as u64 == tiles {
            return Err(c.error(
                K::DeviceCount {
                    tiles,
                    devices: tiles + 1,
                },
                s,
                e,
            ));
        }
        list.push(d);
        if !c.eat(",")? {
            break;
        }
    }
    if list.len() as u64 != tiles {
        return Err(c.error(
            K::DeviceCount {
                tiles,
                devices: list.len() as u64,
            },
            start,
            c.pos,
        ));
    }
    Ok((Devices::List(list), start, c.pos))
}

/// `{manual, replicated, ...}`.
fn subgroup_list(c: &mut Cursor) -> Result<Vec<Subgroup>> {
    c.expect("{", "`{` after `last_tile_dims=`")?;
    let mut types = Vec::new();
    loop {
        let Some((word, s)) = c.word()? else {
            return Err(c.unexpected("a subgroup type"));
        };
        let t = match word {
            "manual" => Subgroup::Manual,
            "replicated" => Subgroup::Replicated,
            "unreduced" => Subgroup::Unreduced,
            _ => {
                return Err(c.error(
                    K::UnknownSubgroup {
                        name: super::cursor::short(word),
                    },
                    s,
                    s + word.len(),
                ))
            }
        };
        if types.len() == MAX_RANK {
            return Err(c.error(
                K::TooManyEntries {
                    what: "subgroup types",
                    limit: MAX_RANK,
                },
                s,
                s + word.len(),
            ));
        }
        types.push(t);
        if !c.eat(",")? {
            break;
        }
    }
    c.expect("}", "`,` or `}`")?;
    Ok(types)
}
