-- A viewport query asks for features whose bounding box meets the view; a GiST
-- index on the box answers that without scanning the layer (built-in box type,
-- no PostGIS needed, works on PGlite and PostgreSQL alike).
CREATE INDEX IF NOT EXISTS "gis_features_box_gist_idx" ON "gis_features" USING gist (box(point("min_lon", "min_lat"), point("max_lon", "max_lat")));
