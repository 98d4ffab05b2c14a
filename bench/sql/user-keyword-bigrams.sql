-- A two-character keyword in 100,000 accounts' names, as the user list searched it before
-- drizzle/0031 (ilike on both names; pg_trgm cannot serve two characters) and as it does now
-- (the names' two-character pieces through users_search_bigrams_idx), side by side in one
-- run; both must count the same accounts. Figures: docs/performance.md ("Scale").
--   psql -h 127.0.0.1 -U postgres -d postgres -c 'create database kw_bench'
--   psql -h 127.0.0.1 -U postgres -d kw_bench -f bench/sql/user-keyword-bigrams.sql
create extension if not exists pg_trgm;
drop table if exists users;
drop function if exists user_search_bigrams(text);
create table users (id serial primary key, username text not null, name text not null);
create index users_username_trgm_idx on users using gin (username gin_trgm_ops);
create index users_name_trgm_idx on users using gin (name gin_trgm_ops);
\i apps/server/drizzle/0031_user_search_bigrams.sql
-- A surname and a two-character given name from 30 characters: about 111 accounts a name,
-- as 建国 is 112 of the megacity bench's 100,012.
insert into users (username, name)
select 'user' || i || '.' || substr(md5(i::text), 1, 6),
       substr('王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗', 1 + (i % 20), 1)
       || substr('建国文华秀英志强明丽军平海燕玉兰桂芳德明红梅春晓伟峰', 1 + (abs(hashtext(i::text)) % 30), 1)
       || substr('建国文华秀英志强明丽军平海燕玉兰桂芳德明红梅春晓伟峰', 1 + (abs(hashtext('x' || i)) % 30), 1)
  from generate_series(1, 100000) i;
vacuum analyze users;
\timing on
select 'ilike' as way, count(*) from users where name ilike '%建国%' or username ilike '%建国%';
select 'bigrams' as way, count(*) from users
 where (user_search_bigrams(username) || user_search_bigrams(name)) @> array[lower('建国')]::text[];
select 'ilike' as way, count(*) from users where name ilike '%建国%' or username ilike '%建国%';
select 'bigrams' as way, count(*) from users
 where (user_search_bigrams(username) || user_search_bigrams(name)) @> array[lower('建国')]::text[];
select 'ilike' as way, count(*) from users where name ilike '%建国%' or username ilike '%建国%';
select 'bigrams' as way, count(*) from users
 where (user_search_bigrams(username) || user_search_bigrams(name)) @> array[lower('建国')]::text[];
\timing off
select pg_size_pretty(pg_relation_size('users_search_bigrams_idx')) as bigram_index,
       pg_size_pretty(pg_relation_size('users_name_trgm_idx')) as name_trigram_index;
