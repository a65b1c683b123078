"""A world's DuckDB store opened as data, never as code: read-only, no file, network or extension access, the
configuration locked, and nothing in it that the schema this code writes does not name.

A store is a file someone else may have made. A view or macro in it runs when a reader queries it (a
`documents` view over `read_text('/etc/passwd')`), and a table's name goes wherever code pastes it. So
the store is attached by a parameter, never a pasted path, into a private in-memory DuckDB whose external
access is then switched off and whose configuration is locked; its tables, views and macros must be those
`create_schema` makes, each with the same definition; and code that must name a table takes the name
from `known_tables()` and quotes it with `quote_ident`.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import NamedTuple

import duckdb

from worldsmith.worlds.errors import BundleError

ALIAS = "store"  # the attached store's catalog name; `use store` makes it the default for unqualified names
# No extension may be installed or loaded behind a query's back (a store's view could name one).
_CONFIG = {"autoload_known_extensions": False, "autoinstall_known_extensions": False,
           "allow_community_extensions": False, "allow_unsigned_extensions": False}


class StoreError(BundleError):
    """A world's store holds what the schema does not name (a view, a macro, a table), or cannot be opened."""


class OlderStoreError(StoreError):
    """A store this code reads no more: its tables are the schema's, with the layout an older worldsmith wrote."""


class Schema(NamedTuple):
    """The catalog objects of one database: definitions by name."""

    tables: dict[str, str]   # name -> CREATE TABLE sql
    views: dict[str, str]    # name -> CREATE VIEW sql
    macros: dict[str, tuple[str, ...]]  # name -> its definitions (one per overload)
    other: tuple[str, ...]   # schemas, sequences, types and indexes: the schema this code writes has none


def quote_ident(name: str) -> str:
    """A SQL identifier in double quotes, inner quotes doubled; for names taken from known_tables() only."""
    if "\x00" in name:
        raise ValueError("an identifier cannot hold a NUL character")
    return '"' + name.replace('"', '""') + '"'


def catalog_of(con: duckdb.DuckDBPyConnection, database: str) -> Schema:
    """What a database attached to `con` holds, by name, read from DuckDB's own catalog functions."""
    args = [database]
    tables = dict(con.execute("select table_name, sql from duckdb_tables() where database_name = ? "
                              "and schema_name = 'main'", args).fetchall())
    views = dict(con.execute("select view_name, sql from duckdb_views() where database_name = ? and not internal "
                             "and schema_name = 'main'", args).fetchall())
    macros: dict[str, list[str]] = {}
    other = [f"schema {s}" for (s,) in con.execute(
        "select schema_name from duckdb_schemas() where database_name = ? and not internal", args).fetchall()]
    # One pass over duckdb_functions(): it lists every built-in function too (about 10 ms a call).
    for schema, name, kind, body in con.execute(
            "select schema_name, function_name, function_type, coalesce(macro_definition, '') from duckdb_functions() "
            "where database_name = ? and not internal", args).fetchall():
        if schema == "main":
            macros.setdefault(name, []).append(f"{kind}: {body}")
        else:
            other.append(f"function {schema}.{name}")
    other += [f"{what} {schema}.{name}" for what, schema, name in con.execute(
        """select 'table', schema_name, table_name from duckdb_tables() where database_name = $1 and schema_name <> 'main'
           union all select 'view', schema_name, view_name from duckdb_views()
                     where database_name = $1 and not internal and schema_name <> 'main'
           union all select 'sequence', schema_name, sequence_name from duckdb_sequences() where database_name = $1
           union all select 'type', schema_name, type_name from duckdb_types() where database_name = $1 and not internal
           union all select 'index', schema_name, index_name from duckdb_indexes() where database_name = $1
           order by 1, 2, 3""", args).fetchall()]
    return Schema(tables, views, {k: tuple(sorted(v)) for k, v in macros.items()}, tuple(other))


@functools.lru_cache(maxsize=4)
def _reference(kind_names: tuple[str, ...]) -> Schema:
    from worldsmith.worlds.store.load import create_schema

    con = duckdb.connect(config=dict(_CONFIG, enable_external_access=False))
    try:
        create_schema(con)
        return catalog_of(con, "memory")
    finally:
        con.close()


def known_schema() -> Schema:
    """The schema this code writes into a store (schema.sql and every registered kind's tables and views)."""
    from worldsmith.worlds import kinds

    return _reference(tuple(k.name for k in kinds.kinds()))


def known_tables() -> list[str]:
    """The names of the base tables a store may hold, sorted: the only names code may put into SQL."""
    return sorted(known_schema().tables)


def foreign_objects(con: duckdb.DuckDBPyConnection, database: str) -> list[str]:
    """What a database holds that the known schema does not name, or names with another definition."""
    ref, got = known_schema(), catalog_of(con, database)
    found = [f"view {n}" for n in sorted(got.views) if ref.views.get(n) != got.views[n]]
    found += [f"macro {n}" for n in sorted(got.macros) if ref.macros.get(n) != got.macros[n]]
    found += [f"table {n}" for n in sorted(got.tables) if ref.tables.get(n) != got.tables[n]]
    return found + list(got.other)


def _older_tables(con: duckdb.DuckDBPyConnection, database: str, found: list[str]) -> bool:
    """Whether every object in `found` is a table of the known schema with some of its columns dropped, and
    otherwise defined exactly as this code defines it (so no default, generated column or type of its own)."""
    from worldsmith.worlds.store.load import create_schema

    names = [f[len("table "):] for f in found if f.startswith("table ")]
    if len(names) != len(found) or not set(names) <= set(known_schema().tables):
        return False
    ref = duckdb.connect(config=dict(_CONFIG, enable_external_access=False))
    try:
        create_schema(ref)
        for name in names:
            have = [c for (c,) in con.execute("select column_name from duckdb_columns() where database_name = ? "
                                              "and schema_name = 'main' and table_name = ?", [database, name]).fetchall()]
            full = [c for (c,) in ref.execute("select column_name from duckdb_columns() where database_name = 'memory' "
                                              "and table_name = ?", [name]).fetchall()]
            if not have or not set(have) < set(full):
                return False
            for column in full:
                if column not in have:
                    ref.execute(f"alter table {quote_ident(name)} drop column {quote_ident(column)}")
        got, after = catalog_of(con, database).tables, catalog_of(ref, "memory").tables
        return all(after[n] == got[n] for n in names)
    except duckdb.Error:  # a column the schema cannot drop (a key): not a layout this code ever wrote
        return False
    finally:
        ref.close()


def check_store(con: duckdb.DuckDBPyConnection, database: str, where: object) -> None:
    """StoreError naming what a store holds beyond the known schema (a view where a table should be, a macro...)."""
    found = foreign_objects(con, database)
    if found and _older_tables(con, database, found):
        # Tables this schema names, each lacking columns added since (manifest_files.present): an older
        # worldsmith's store, not code. Said as it is, so no one reads an upgrade as tampering.
        raise OlderStoreError(f"{where} was built by an older worldsmith (its {', '.join(found)} lacks columns "
                              "this version writes)")
    if found:
        shown = ", ".join(repr(f) for f in found[:5]) + (f" and {len(found) - 5} more" if len(found) > 5 else "")
        raise StoreError(f"{where}: the store holds {shown}, which the world schema does not define as such; "
                         "a store is data, and one holding code is refused. Delete world.duckdb and run "
                         "`worldsmith validate` on the world to rebuild it from the room")


def open_store(path: Path, where: object | None = None) -> duckdb.DuckDBPyConnection:
    """A connection to a store, read-only and sandboxed: no file or network access, configuration locked, UTC.

    The store is attached to a private in-memory database (so other connections to the same file, with
    their own settings, are unaffected) and made the default catalog; StoreError when it cannot be opened
    or holds anything the schema does not name.
    """
    where = where if where is not None else path
    con = duckdb.connect(config=dict(_CONFIG))
    try:
        con.execute(f"attach $path as {ALIAS} (read_only)", {"path": str(path)})
        con.execute(f"use {ALIAS}")
        # Off before anything of the store runs: DuckDB lets this be switched off, never on again.
        con.execute("set enable_external_access = false")
        con.execute("set TimeZone = 'UTC'")
        con.execute("set lock_configuration = true")
        check_store(con, ALIAS, where)
    except StoreError:
        con.close()
        raise
    except duckdb.Error as exc:
        con.close()
        raise StoreError(f"{where}: cannot be opened as a world store ({exc}); delete it and run "
                         "`worldsmith validate` on the world to rebuild it from the room") from None
    return con
