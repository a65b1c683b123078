"""worlds: what a world is. The models, the bundle format, the DuckDB schema, loader and checks."""

from worldsmith.worlds.errors import BundleError, ModelError, OutlineError, PublishError, TaxonomyError, WorldsmithError
from worldsmith.worlds.outline import Outline, load_outline, parse_outline
from worldsmith.worlds.plan import WorldPlan

__all__ = [
    "BundleError",
    "ModelError",
    "Outline",
    "OutlineError",
    "PublishError",
    "TaxonomyError",
    "WorldPlan",
    "WorldsmithError",
    "load_outline",
    "parse_outline",
]
