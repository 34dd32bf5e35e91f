-- An article's domain in its outlet page's form (contracts/outlets.ts outletDomain), which ingestion
-- stores since 2026-11-28: articles ingested before kept a host's final dot ("example.com."), so
-- their source links named an address the outlet page sends on elsewhere. Host names from the URL
-- parser are already lower case and in punycode, without "www." (ingestion stripped it).
UPDATE `articles` SET `domain` = rtrim(`domain`, '.') WHERE `domain` LIKE '%.';
