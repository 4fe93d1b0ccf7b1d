-- Trigram indexes back the case-insensitive people search.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
