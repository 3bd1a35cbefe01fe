-- SQLite reading every column parpair-report reads, once, with no aggregation and no sorting: the
-- floor under any tool that reads the store through SQLite on one core. compare.sh times it beside
-- weekly.sql to show what "5x faster than the Python script" would ask.
SELECT count(*), sum(ZSTARTTIME), sum(ZENDTIME), sum(ZAMOUNT), sum(length(ZID)), sum(length(ZNOTES)),
       sum(length(ZTYPE)), sum(length(ZFEEDINGUNIT)), sum(ZBABY) FROM ZFOODLOG;
SELECT count(*), sum(ZSTARTTIME), sum(ZENDTIME), sum(length(ZID)), sum(length(ZNOTES)), sum(ZBABY) FROM ZSLEEPLOG;
SELECT count(*), sum(ZTIME), sum(length(ZID)), sum(length(ZNOTES)), sum(length(ZTYPE)), sum(ZBABY) FROM ZDIAPERLOG;
SELECT count(*), sum(ZSTARTTIME), sum(ZENDTIME), sum(length(ZID)), sum(length(ZNOTES)), sum(length(ZTYPE)), sum(ZBABY)
  FROM ZACTIVITYLOG;
