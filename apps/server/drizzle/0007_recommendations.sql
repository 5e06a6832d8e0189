-- Placeholder reserved for a feature in progress; replaced by its real statements.
SELECT 1;
