-- The events export written by SQLite alone: every log of the four tables as one CSV row in start order,
-- with the columns of `parpair-report export --table events` (baby, kind, type, start, end, duration_min,
-- amount, unit, amount_ml, notes, day, week, id). compare.sh times it beside `export --table events`.
-- Simplified against the tool: times are written in UTC (compare.sh runs the tool with --tz UTC), days are
-- UTC days since the birthday's, and nothing is checked (no findings, no formula guard on cells).
.mode csv
.headers on

CREATE TEMP TABLE baby AS
SELECT Z_PK AS pk, ZNAME AS name, CAST(ZBIRTHDAY / 86400 AS INTEGER) AS birth_day FROM ZBABY;

SELECT b.name AS baby, kind, type,
       strftime('%Y-%m-%dT%H:%M:%S+00:00', start + 978307200, 'unixepoch') AS start,
       CASE WHEN finish IS NOT NULL THEN strftime('%Y-%m-%dT%H:%M:%S+00:00', finish + 978307200, 'unixepoch') END AS "end",
       CASE WHEN finish IS NOT NULL THEN round((finish - start) / 60.0, 1) END AS duration_min,
       amount, unit,
       CASE unit WHEN 'ml' THEN round(amount, 1) WHEN 'oz' THEN round(amount * 29.5735295625, 1) END AS amount_ml,
       notes,
       CAST(start / 86400 AS INTEGER) - b.birth_day AS day,
       (CAST(start / 86400 AS INTEGER) - b.birth_day) / 7 AS week,
       substr(hex(id), 1, 8) || '-' || substr(hex(id), 9, 4) || '-' || substr(hex(id), 13, 4) || '-'
           || substr(hex(id), 17, 4) || '-' || substr(hex(id), 21) AS id
FROM (
    SELECT ZBABY AS baby, 'food' AS kind, ZTYPE AS type, ZSTARTTIME AS start, ZENDTIME AS finish, ZAMOUNT AS amount,
           ZFEEDINGUNIT AS unit, ZNOTES AS notes, ZID AS id FROM ZFOODLOG
    UNION ALL
    SELECT ZBABY, 'sleep', '', ZSTARTTIME, ZENDTIME, NULL, NULL, ZNOTES, ZID FROM ZSLEEPLOG
    UNION ALL
    SELECT ZBABY, 'diaper', ZTYPE, ZTIME, NULL, NULL, NULL, ZNOTES, ZID FROM ZDIAPERLOG
    UNION ALL
    SELECT ZBABY, 'activity', ZTYPE, ZSTARTTIME, ZENDTIME, NULL, NULL, ZNOTES, ZID FROM ZACTIVITYLOG
) AS log JOIN baby AS b ON b.pk = log.baby
ORDER BY start;
