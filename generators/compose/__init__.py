"""The offline composer: deterministic content from an artifact context, phrase banks and Faker."""
