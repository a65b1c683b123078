-- The taxonomy database: one schema for an imported O*NET release and for the shipped taxonomy.
-- Codes: `code` is an O*NET-SOC code (23-1011.00) for O*NET, a SOC 2018 code (23-1011) for the shipped data.
CREATE TABLE meta (key VARCHAR PRIMARY KEY, value VARCHAR NOT NULL);
CREATE TABLE soc_groups (code VARCHAR PRIMARY KEY, level VARCHAR NOT NULL, title VARCHAR NOT NULL,
                         parent VARCHAR);
CREATE TABLE occupations (
    code VARCHAR PRIMARY KEY, title VARCHAR NOT NULL, description VARCHAR,
    soc_detailed VARCHAR NOT NULL, soc_broad VARCHAR NOT NULL, soc_minor VARCHAR NOT NULL,
    soc_major VARCHAR NOT NULL, job_zone INTEGER, family VARCHAR);
CREATE TABLE titles (code VARCHAR NOT NULL, title VARCHAR NOT NULL,
                     kind VARCHAR NOT NULL);  -- reported, alternate, short, job
CREATE TABLE tasks (code VARCHAR NOT NULL, task_id VARCHAR NOT NULL, task VARCHAR NOT NULL, task_type VARCHAR);
CREATE TABLE technology (code VARCHAR NOT NULL, example VARCHAR NOT NULL, commodity_code VARCHAR,
                         commodity_title VARCHAR, hot BOOLEAN, in_demand BOOLEAN);
CREATE TABLE tools (code VARCHAR NOT NULL, example VARCHAR NOT NULL, commodity_code VARCHAR, commodity_title VARCHAR);
CREATE TABLE documents (code VARCHAR NOT NULL, document VARCHAR NOT NULL);
CREATE TABLE iwas (iwa_id VARCHAR PRIMARY KEY, element_id VARCHAR NOT NULL, element_name VARCHAR NOT NULL,
                   title VARCHAR NOT NULL);
CREATE TABLE dwas (dwa_id VARCHAR PRIMARY KEY, iwa_id VARCHAR NOT NULL, title VARCHAR NOT NULL);
CREATE TABLE task_dwas (code VARCHAR NOT NULL, task_id VARCHAR NOT NULL, dwa_id VARCHAR NOT NULL);
CREATE TABLE related (code VARCHAR NOT NULL, related_code VARCHAR NOT NULL, tier VARCHAR NOT NULL, rank INTEGER);
