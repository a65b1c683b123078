"""taxonomies: the occupation data shipped with worldsmith, its loader, importers for official releases."""
