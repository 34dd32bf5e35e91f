-- ADR 022 step 27: no query looks users up by their role (a user's role is read by their id, and
-- ModMe's user lists filter by name and e-mail), so the index only cost every account an entry.
DROP INDEX `users_role_idx`;
