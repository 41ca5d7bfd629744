//! The engine's name and author, as every protocol announces them.

/// The engine's name with its version: `Outpost 0.1.0`.
pub const ENGINE_NAME: &str = concat!("Outpost ", env!("CARGO_PKG_VERSION"));

/// Who wrote it.
pub const ENGINE_AUTHOR: &str = "the Outpost developers";
