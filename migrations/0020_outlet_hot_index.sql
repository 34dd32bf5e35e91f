-- An outlet's popularity feed walks the hot index's order within the outlet (articles_hot_idx with the
-- domain first), so a small outlet reads its own rows, not every outlet's. (Written by hand, as 0017:
-- drizzle-kit splits the expressions on their commas.)
CREATE INDEX `articles_outlet_hot_idx` ON `articles` (`domain`, `status`, (CASE WHEN "net_votes" > 0 THEN 2 WHEN "net_votes" = 0 THEN 1 ELSE 0 END), (CASE WHEN "net_votes" > 0 THEN (length("net_votes") - 1 + ("net_votes" / pow(10, length("net_votes") - 1) - 1) / 9.0) WHEN "net_votes" < 0 THEN -(length((-"net_votes")) - 1 + ((-"net_votes") / pow(10, length((-"net_votes")) - 1) - 1) / 9.0) ELSE 0 END + "sourced_time" / 45000.0), `sourced_time`, `id`);
