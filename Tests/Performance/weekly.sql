-- Weekly figures per baby and age-week, computed by SQLite alone: the near-limit reference that
-- Tests/Performance/compare.sh times beside `parpair-report`. Run as
--     sqlite3 -readonly STORE < Tests/Performance/weekly.sql
-- Days are UTC days (seconds since 2001-01-01 UTC / 86,400, rounded down); the age-week of a log is
-- (its day - the birthday's day) / 7; logs before the birthday or after 2026-11-20 count nowhere.
-- Simplified against the tool: each sleep's whole length goes to the week it starts in (no split
-- at week boundaries, overlapping sleeps are not merged); no findings are listed. NOT INDEXED makes
-- each table one sequential scan (SQLite would otherwise walk the ZBABY index and fetch rows from it).
-- Output: one CSV line per (baby, week) and table: feeds, sleep, diapers.
.mode csv
.headers on

CREATE TEMP TABLE baby AS
SELECT Z_PK AS pk,
       CAST(ZBIRTHDAY / 86400 AS INTEGER) AS birth_day  -- rounds down for dates after 2001
FROM ZBABY;
CREATE TEMP TABLE bounds AS
SELECT CAST(julianday('2026-11-20') - julianday('2001-01-01') AS INTEGER) AS today;

-- Feeds by type, bottle volumes in ml (1 US fl oz = 29.5735295625 ml; negative amounts and feeds
-- over 1,000 ml left out), solids in grams.
SELECT baby, week, count(*) AS feeds,
       sum(ZTYPE = 'Breastfeeding') AS breastfeeding,
       sum(ZTYPE = 'Formula') AS formula,
       sum(ZTYPE = 'Pumped Milk') AS pumped_milk,
       sum(ZTYPE = 'Solids') AS solids,
       round(total(CASE WHEN ZTYPE = 'Formula' AND ml <= 1000 THEN ml END), 1) AS formula_ml,
       round(total(CASE WHEN ZTYPE = 'Pumped Milk' AND ml <= 1000 THEN ml END), 1) AS pumped_milk_ml,
       round(total(CASE WHEN ZTYPE = 'Solids' AND ZFEEDINGUNIT = 'g' AND ZAMOUNT >= 0 THEN ZAMOUNT END), 1) AS solids_g
FROM (
    SELECT f.ZBABY AS baby, f.ZTYPE, f.ZAMOUNT, f.ZFEEDINGUNIT,
           (CAST(f.ZSTARTTIME / 86400 AS INTEGER) - b.birth_day) / 7 AS week,
           CAST(f.ZSTARTTIME / 86400 AS INTEGER) AS day, b.birth_day,
           CASE WHEN f.ZAMOUNT >= 0 THEN
               CASE f.ZFEEDINGUNIT WHEN 'ml' THEN f.ZAMOUNT WHEN 'oz' THEN f.ZAMOUNT * 29.5735295625 END
           END AS ml
    FROM ZFOODLOG AS f NOT INDEXED JOIN baby AS b ON b.pk = f.ZBABY
)
WHERE day >= birth_day AND day <= (SELECT today FROM bounds)
GROUP BY baby, week ORDER BY baby, week;

-- Sleep: sessions starting in the week, hours of those with a valid end and at most 24 h.
SELECT baby, week, count(*) AS sleeps, round(total(seconds) / 3600, 2) AS sleep_h
FROM (
    SELECT s.ZBABY AS baby,
           (CAST(s.ZSTARTTIME / 86400 AS INTEGER) - b.birth_day) / 7 AS week,
           CAST(s.ZSTARTTIME / 86400 AS INTEGER) AS day, b.birth_day,
           CASE WHEN s.ZENDTIME >= s.ZSTARTTIME AND s.ZENDTIME - s.ZSTARTTIME <= 86400
                THEN s.ZENDTIME - s.ZSTARTTIME END AS seconds
    FROM ZSLEEPLOG AS s NOT INDEXED JOIN baby AS b ON b.pk = s.ZBABY
)
WHERE day >= birth_day AND day <= (SELECT today FROM bounds)
GROUP BY baby, week ORDER BY baby, week;

-- Diapers: wet = Wet + Mixed, dirty = Dirty + Mixed.
SELECT baby, week, count(*) AS diapers,
       sum(ZTYPE IN ('Wet', 'Mixed')) AS wet,
       sum(ZTYPE IN ('Dirty', 'Mixed')) AS dirty,
       sum(ZTYPE = 'Mixed') AS mixed,
       sum(ZTYPE = 'Dry') AS dry
FROM (
    SELECT d.ZBABY AS baby, d.ZTYPE,
           (CAST(d.ZTIME / 86400 AS INTEGER) - b.birth_day) / 7 AS week,
           CAST(d.ZTIME / 86400 AS INTEGER) AS day, b.birth_day
    FROM ZDIAPERLOG AS d NOT INDEXED JOIN baby AS b ON b.pk = d.ZBABY
)
WHERE day >= birth_day AND day <= (SELECT today FROM bounds)
GROUP BY baby, week ORDER BY baby, week;
