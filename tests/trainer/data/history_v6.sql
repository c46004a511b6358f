BEGIN TRANSACTION;
CREATE TABLE attempt (
            id INTEGER PRIMARY KEY,
            session INTEGER NOT NULL REFERENCES session,
            item INTEGER NOT NULL REFERENCES item,
            at INTEGER NOT NULL,
            ms INTEGER NOT NULL,
            correct INTEGER NOT NULL,
            answer TEXT NOT NULL,
            expected TEXT NOT NULL,
            question);
INSERT INTO "attempt" VALUES(1,1,1,5,1200,1,'10','10',NULL);
INSERT INTO "attempt" VALUES(2,1,2,10,1200,1,'bust','bust',NULL);
INSERT INTO "attempt" VALUES(3,1,3,15,1200,1,'14','14',NULL);
INSERT INTO "attempt" VALUES(4,1,4,20,1200,1,'25 25 10 10','25 25 10 10',NULL);
INSERT INTO "attempt" VALUES(5,1,5,25,1200,1,'25 5','25 5',NULL);
INSERT INTO "attempt" VALUES(6,1,6,30,1200,1,'25 25 10','25 25 10',NULL);
INSERT INTO "attempt" VALUES(7,1,7,35,1200,1,'1.1 1.2 2 4 5 6 7 dealer','1.1 1.2 2 4 5 6 7 dealer',NULL);
INSERT INTO "attempt" VALUES(8,1,8,40,1200,1,'1 2 3 4 6 7 dealer 1 2 3 4 6 7','1 2 3 4 6 7 dealer 1 2 3 4 6 7',NULL);
INSERT INTO "attempt" VALUES(9,1,7,45,1200,1,'4 5.1 5.2 dealer','4 5.1 5.2 dealer','{"hands":["4","5.1","5.2"],"phase":"play","naturals":[]}');
INSERT INTO "attempt" VALUES(10,1,9,50,1200,1,'1 19','1 19',NULL);
INSERT INTO "attempt" VALUES(11,1,10,55,1200,1,'1 19','1 19',NULL);
INSERT INTO "attempt" VALUES(12,1,11,60,1200,1,'3 bust','3 bust',NULL);
INSERT INTO "attempt" VALUES(13,1,12,65,1200,1,'3 4 6 dealer','3 4 6 dealer',NULL);
INSERT INTO "attempt" VALUES(14,1,13,70,1200,1,'3 4 5 dealer burn','3 4 5 dealer burn',NULL);
INSERT INTO "attempt" VALUES(15,1,14,75,1200,1,'2','2',NULL);
INSERT INTO "attempt" VALUES(16,1,15,80,1200,1,'win','win',NULL);
INSERT INTO "attempt" VALUES(17,1,15,85,1200,1,'win','win','{"cards":[["JH","2S"]],"hands":["4"],"dealer":["6D","JH","QS"]}');
INSERT INTO "attempt" VALUES(18,1,15,90,1200,1,'win','win','{"cards":[["8D","KD"]],"hands":["1"],"dealer":["6S","4S","3C","JS"]}');
INSERT INTO "attempt" VALUES(19,1,16,95,1200,1,'0; 0; 0','0; 0; 0',NULL);
INSERT INTO "attempt" VALUES(20,1,17,100,1200,1,'10; 70; 90','10; 70; 90',NULL);
INSERT INTO "attempt" VALUES(21,1,18,105,1200,1,'30; 22.5; 97.5','30; 22.5; 97.5',NULL);
INSERT INTO "attempt" VALUES(22,1,19,110,1200,1,'15','15',NULL);
INSERT INTO "attempt" VALUES(23,1,20,115,1200,1,'135','135',NULL);
INSERT INTO "attempt" VALUES(24,1,21,120,1200,1,'52.5','52.5',NULL);
INSERT INTO "attempt" VALUES(25,1,22,125,1200,1,'80','80',NULL);
INSERT INTO "attempt" VALUES(26,1,23,130,1200,1,'130','130',NULL);
INSERT INTO "attempt" VALUES(27,1,24,135,1200,1,'90','90',NULL);
INSERT INTO "attempt" VALUES(28,1,25,140,1200,1,'110','110',NULL);
INSERT INTO "attempt" VALUES(29,1,26,145,1200,1,'20','20',NULL);
INSERT INTO "attempt" VALUES(30,1,27,150,1200,1,'15','15',NULL);
INSERT INTO "attempt" VALUES(31,1,28,155,1200,1,'30','30',NULL);
INSERT INTO "attempt" VALUES(32,1,29,160,1200,1,'55','55',NULL);
INSERT INTO "attempt" VALUES(33,1,30,165,1200,1,'27.5','27.5',NULL);
INSERT INTO "attempt" VALUES(34,1,31,170,1200,1,'5; 10','5; 10',NULL);
INSERT INTO "attempt" VALUES(35,1,32,175,1200,1,'0; -10','0; -10',NULL);
INSERT INTO "attempt" VALUES(36,1,32,180,1200,1,'-5; -5','-5; -5','{"cards":[["6C","JD"],["6C","TS"]],"dealer":["4C","AC","JD","5S"],"stakes":["5","5"],"box":5,"settle":["5.2","5.1"]}');
INSERT INTO "attempt" VALUES(37,1,33,185,1200,1,'430','430',NULL);
INSERT INTO "attempt" VALUES(38,1,33,190,1200,1,'500','500','{"dealer":["5S","3H","6C","KC"],"cards":[["7S","9S"],["KH","8S"],["2D","QC"],["8H","AD"],["7C","5D"],["9C","8C"],["AS","6D","9D"]],"hands":["1","2","3","4","5","6","7"],"stakes":["20","250","100","60","20","5","45"]}');
INSERT INTO "attempt" VALUES(39,1,34,195,1200,1,'35','35',NULL);
INSERT INTO "attempt" VALUES(40,1,35,200,1200,1,'Ask box 2: card or no?','Ask box 2: card or no?',NULL);
INSERT INTO "attempt" VALUES(41,1,35,205,1200,1,'Ask box 2: card or no?','Ask box 2: card or no?','{"dealer":["2S"],"boxes":[1,2,3,5,6,7],"choices":["Ask box 3: card or no?","Ask box 5: card or no?","Ask box 1: card or no?","Ask box 2: card or no?"]}');
INSERT INTO "attempt" VALUES(42,1,35,210,1200,1,'Ask box 5: card or no?','Ask box 5: card or no?','{"dealer":["JC"],"boxes":[1,2,3,4,5,7],"choices":["Ask box 7: card or no?","Ask box 3: card or no?","Ask box 4: card or no?","Ask box 5: card or no?"]}');
INSERT INTO "attempt" VALUES(43,1,36,215,1000,1,'9','9',NULL);
CREATE TABLE hist (
            profile INTEGER NOT NULL, skill INTEGER NOT NULL, ms INTEGER NOT NULL,
            n INTEGER NOT NULL,
            PRIMARY KEY (profile, skill, ms)) WITHOUT ROWID;
INSERT INTO "hist" VALUES(1,1,1000,1);
INSERT INTO "hist" VALUES(1,1,1200,3);
INSERT INTO "hist" VALUES(1,2,1200,3);
INSERT INTO "hist" VALUES(1,3,1200,3);
INSERT INTO "hist" VALUES(1,4,1200,3);
INSERT INTO "hist" VALUES(1,5,1200,3);
INSERT INTO "hist" VALUES(1,6,1200,3);
INSERT INTO "hist" VALUES(1,7,1200,3);
INSERT INTO "hist" VALUES(1,8,1200,3);
INSERT INTO "hist" VALUES(1,9,1200,3);
INSERT INTO "hist" VALUES(1,10,1200,3);
INSERT INTO "hist" VALUES(1,11,1200,3);
INSERT INTO "hist" VALUES(1,12,1200,3);
INSERT INTO "hist" VALUES(1,13,1200,3);
INSERT INTO "hist" VALUES(1,14,1200,3);
CREATE TABLE hist_tenth (
            profile INTEGER NOT NULL, skill INTEGER NOT NULL, tenth INTEGER NOT NULL,
            n INTEGER NOT NULL,
            PRIMARY KEY (profile, skill, tenth)) WITHOUT ROWID;
INSERT INTO "hist_tenth" VALUES(1,1,10,1);
INSERT INTO "hist_tenth" VALUES(1,1,12,3);
INSERT INTO "hist_tenth" VALUES(1,2,12,3);
INSERT INTO "hist_tenth" VALUES(1,3,12,3);
INSERT INTO "hist_tenth" VALUES(1,4,12,3);
INSERT INTO "hist_tenth" VALUES(1,5,12,3);
INSERT INTO "hist_tenth" VALUES(1,6,12,3);
INSERT INTO "hist_tenth" VALUES(1,7,12,3);
INSERT INTO "hist_tenth" VALUES(1,8,12,3);
INSERT INTO "hist_tenth" VALUES(1,9,12,3);
INSERT INTO "hist_tenth" VALUES(1,10,12,3);
INSERT INTO "hist_tenth" VALUES(1,11,12,3);
INSERT INTO "hist_tenth" VALUES(1,12,12,3);
INSERT INTO "hist_tenth" VALUES(1,13,12,3);
INSERT INTO "hist_tenth" VALUES(1,14,12,3);
CREATE TABLE item (
            id INTEGER PRIMARY KEY,
            skill INTEGER NOT NULL REFERENCES skill,
            key TEXT NOT NULL,
            question,
            UNIQUE (skill, key));
INSERT INTO "item" VALUES(1,1,'announce:hard-10','{"cards":["5H","5D"],"box":5,"split":false,"stood":false}');
INSERT INTO "item" VALUES(2,1,'announce:bust','{"cards":["JH","JH","KH"],"box":4,"split":false,"stood":false}');
INSERT INTO "item" VALUES(3,1,'announce:hard-14','{"cards":["5S","AS","8S"],"box":4,"split":false,"stood":false}');
INSERT INTO "item" VALUES(4,2,'chips:70','{"amount":"70","chip_set":["1","2","5","10","25","100","500"],"why":"double","bet":"35","payment":"fewest","stake":["25","10","25","10"],"box":2}');
INSERT INTO "item" VALUES(5,2,'chips:30','{"amount":"30","chip_set":["1","2","5","10","25","100","500"],"why":"double","bet":"15","payment":"fewest","stake":["5","5","5","5","5","5"],"box":3}');
INSERT INTO "item" VALUES(6,2,'chips:60','{"amount":"60","chip_set":["1","2","5","10","25","100","500"],"why":"win","bet":"60","payment":"fewest","stake":["25","25","10"],"box":3}');
INSERT INTO "item" VALUES(7,3,'deal-order:play-split','{"hands":["1.1","1.2","2","4","5","6","7"],"phase":"play","naturals":[]}');
INSERT INTO "item" VALUES(8,3,'deal-order:deal-6','{"boxes":[1,2,3,4,6,7],"phase":"deal"}');
INSERT INTO "item" VALUES(9,4,'dealer:up-9','{"up":"9S","shoe":["QD","AD","2H","KD","KH","7H"],"cards":["9S"]}');
INSERT INTO "item" VALUES(10,4,'dealer:up-A','{"up":"AD","shoe":["8S","3D","8C","KS","JC","TD"],"cards":["AD"]}');
INSERT INTO "item" VALUES(11,4,'dealer:up-2','{"up":"2S","shoe":["TD","3D","KH","4C","6H","6C"],"cards":["2S"]}');
INSERT INTO "item" VALUES(12,5,'exposed-card:dealer','{"card":"9D","turn":"3","boxes":[3,4,6],"refused_by":["3","4","6"]}');
INSERT INTO "item" VALUES(13,5,'exposed-card:burned','{"card":"JD","turn":"3","boxes":[3,4,5],"refused_by":["3","4","5","dealer"]}');
INSERT INTO "item" VALUES(14,5,'exposed-card:box','{"card":"AS","turn":"2","boxes":[1,2,3,4,5,6,7],"refused_by":["6","dealer"]}');
INSERT INTO "item" VALUES(15,6,'outcome:win','{"cards":[["2S","9C","QD"]],"hands":["6"],"dealer":["KS","8H"]}');
INSERT INTO "item" VALUES(16,7,'pay-behind:push','{"bets":{"seat":"50","behind-a":"95","behind-b":"45"},"cards":[["TH","QH"]],"dealer":["KC","5S","5D"],"box":6}');
INSERT INTO "item" VALUES(17,7,'pay-behind:win','{"bets":{"seat":"10","behind-a":"70","behind-b":"90"},"cards":[["5H","7H","3D"]],"dealer":["2S","QH","KC"],"box":1}');
INSERT INTO "item" VALUES(18,7,'pay-behind:blackjack','{"bets":{"seat":"20","behind-a":"15","behind-b":"65"},"cards":[["AS","QH"]],"dealer":["AS","3D"],"box":3}');
INSERT INTO "item" VALUES(19,8,'pay-blackjack:10','{"bet":"10","cards":["KD","AD"],"box":3}');
INSERT INTO "item" VALUES(20,8,'pay-blackjack:90','{"bet":"90","cards":["AC","TH"],"box":5}');
INSERT INTO "item" VALUES(21,8,'pay-blackjack:35','{"bet":"35","cards":["AD","KC"],"box":4}');
INSERT INTO "item" VALUES(22,9,'pay-double:40','{"bet":"40","doubled":true,"result":"win","box":4,"cards":["8H","2S","AH"],"dealer":["3S","QS","TH"]}');
INSERT INTO "item" VALUES(23,9,'pay-double:65','{"bet":"65","doubled":true,"result":"win","box":4,"cards":["4D","6H","9S"],"dealer":["8C","QH"]}');
INSERT INTO "item" VALUES(24,9,'pay-double:45','{"bet":"45","doubled":true,"result":"win","box":1,"cards":["2S","8H","3H"],"dealer":["7S","9C","TH"]}');
INSERT INTO "item" VALUES(25,10,'pay-even:110','{"bet":"110","result":"win","box":5,"cards":["3S","QD"],"dealer":["5D","JC","8D"]}');
INSERT INTO "item" VALUES(26,10,'pay-even:20','{"bet":"20","result":"win","box":3,"cards":["KH","JD"],"dealer":["2S","AS","5S"]}');
INSERT INTO "item" VALUES(27,10,'pay-even:15','{"bet":"15","result":"win","box":3,"cards":["9D","QD"],"dealer":["8S","3H","3C","3H"]}');
INSERT INTO "item" VALUES(28,11,'pay-insurance:pay-15','{"bet":"30","insured":"15","ask":"pay","box":5}');
INSERT INTO "item" VALUES(29,11,'pay-insurance:max-110','{"bet":"110","ask":"max","box":1}');
INSERT INTO "item" VALUES(30,11,'pay-insurance:max-55','{"bet":"55","ask":"max","box":5}');
INSERT INTO "item" VALUES(31,12,'pay-split:double','{"cards":[["7D","3H","AC"],["7H","TD"]],"dealer":["5S","JC","TS"],"stakes":["10","5"],"box":5,"settle":["5.2","5.1"]}');
INSERT INTO "item" VALUES(32,12,'pay-split:2-hands','{"cards":[["TC","8C"],["TS","9H"]],"dealer":["9D","KC"],"stakes":["10","10"],"box":3,"settle":["3.2","3.1"]}');
INSERT INTO "item" VALUES(33,13,'pay-table:dealer-bust','{"dealer":["6S","8D","KC"],"cards":[["5S","JD"],["5D","AS","9S"],["9S","AH"],["5D","4D","3H"],["7C","6D"],["TD","4H"],["TH","2S"]],"hands":["1","2","3","4","5","6","7"],"stakes":["45","20","45","140","10","120","50"]}');
INSERT INTO "item" VALUES(34,13,'pay-table:dealer-stands','{"dealer":["QH","KD"],"cards":[["TD","7C"],["7H","8S","JH"],["5S","QC","JD"],["7C","QD"],["5C","QD","6C"],["JD","TD"],["7D","3S","AD"]],"hands":["1","2","3","4","5","6","7"],"stakes":["500","10","70","75","5","10","30"]}');
INSERT INTO "item" VALUES(35,14,'procedure:next-hand','{"dealer":["5H"],"boxes":[1,2,3,4,5,6],"choices":["Ask box 2: card or no?","Pay box 1''s Black Jack now, 3 to 2","Ask box 6: card or no?","Ask box 4: card or no?"]}');
INSERT INTO "item" VALUES(36,1,'announce:hard-9','{"cards":"A6","total":17}');
CREATE TABLE item_tally (
            profile INTEGER NOT NULL, item INTEGER NOT NULL,
            n INTEGER NOT NULL, wrong INTEGER NOT NULL, total_ms INTEGER NOT NULL,
            PRIMARY KEY (profile, item)) WITHOUT ROWID;
INSERT INTO "item_tally" VALUES(1,1,1,0,1200);
INSERT INTO "item_tally" VALUES(1,2,1,0,1200);
INSERT INTO "item_tally" VALUES(1,3,1,0,1200);
INSERT INTO "item_tally" VALUES(1,4,1,0,1200);
INSERT INTO "item_tally" VALUES(1,5,1,0,1200);
INSERT INTO "item_tally" VALUES(1,6,1,0,1200);
INSERT INTO "item_tally" VALUES(1,7,2,0,2400);
INSERT INTO "item_tally" VALUES(1,8,1,0,1200);
INSERT INTO "item_tally" VALUES(1,9,1,0,1200);
INSERT INTO "item_tally" VALUES(1,10,1,0,1200);
INSERT INTO "item_tally" VALUES(1,11,1,0,1200);
INSERT INTO "item_tally" VALUES(1,12,1,0,1200);
INSERT INTO "item_tally" VALUES(1,13,1,0,1200);
INSERT INTO "item_tally" VALUES(1,14,1,0,1200);
INSERT INTO "item_tally" VALUES(1,15,3,0,3600);
INSERT INTO "item_tally" VALUES(1,16,1,0,1200);
INSERT INTO "item_tally" VALUES(1,17,1,0,1200);
INSERT INTO "item_tally" VALUES(1,18,1,0,1200);
INSERT INTO "item_tally" VALUES(1,19,1,0,1200);
INSERT INTO "item_tally" VALUES(1,20,1,0,1200);
INSERT INTO "item_tally" VALUES(1,21,1,0,1200);
INSERT INTO "item_tally" VALUES(1,22,1,0,1200);
INSERT INTO "item_tally" VALUES(1,23,1,0,1200);
INSERT INTO "item_tally" VALUES(1,24,1,0,1200);
INSERT INTO "item_tally" VALUES(1,25,1,0,1200);
INSERT INTO "item_tally" VALUES(1,26,1,0,1200);
INSERT INTO "item_tally" VALUES(1,27,1,0,1200);
INSERT INTO "item_tally" VALUES(1,28,1,0,1200);
INSERT INTO "item_tally" VALUES(1,29,1,0,1200);
INSERT INTO "item_tally" VALUES(1,30,1,0,1200);
INSERT INTO "item_tally" VALUES(1,31,1,0,1200);
INSERT INTO "item_tally" VALUES(1,32,2,0,2400);
INSERT INTO "item_tally" VALUES(1,33,2,0,2400);
INSERT INTO "item_tally" VALUES(1,34,1,0,1200);
INSERT INTO "item_tally" VALUES(1,35,3,0,3600);
INSERT INTO "item_tally" VALUES(1,36,1,0,1000);
CREATE TABLE profile (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE COLLATE NOCASE,
            created INTEGER NOT NULL);
INSERT INTO "profile" VALUES(1,'Anna',1795780800);
CREATE TABLE recent (
            profile INTEGER NOT NULL, skill INTEGER NOT NULL, attempt INTEGER NOT NULL,
            PRIMARY KEY (profile, skill, attempt)) WITHOUT ROWID;
INSERT INTO "recent" VALUES(1,1,1);
INSERT INTO "recent" VALUES(1,1,2);
INSERT INTO "recent" VALUES(1,1,3);
INSERT INTO "recent" VALUES(1,1,43);
INSERT INTO "recent" VALUES(1,2,4);
INSERT INTO "recent" VALUES(1,2,5);
INSERT INTO "recent" VALUES(1,2,6);
INSERT INTO "recent" VALUES(1,3,7);
INSERT INTO "recent" VALUES(1,3,8);
INSERT INTO "recent" VALUES(1,3,9);
INSERT INTO "recent" VALUES(1,4,10);
INSERT INTO "recent" VALUES(1,4,11);
INSERT INTO "recent" VALUES(1,4,12);
INSERT INTO "recent" VALUES(1,5,13);
INSERT INTO "recent" VALUES(1,5,14);
INSERT INTO "recent" VALUES(1,5,15);
INSERT INTO "recent" VALUES(1,6,16);
INSERT INTO "recent" VALUES(1,6,17);
INSERT INTO "recent" VALUES(1,6,18);
INSERT INTO "recent" VALUES(1,7,19);
INSERT INTO "recent" VALUES(1,7,20);
INSERT INTO "recent" VALUES(1,7,21);
INSERT INTO "recent" VALUES(1,8,22);
INSERT INTO "recent" VALUES(1,8,23);
INSERT INTO "recent" VALUES(1,8,24);
INSERT INTO "recent" VALUES(1,9,25);
INSERT INTO "recent" VALUES(1,9,26);
INSERT INTO "recent" VALUES(1,9,27);
INSERT INTO "recent" VALUES(1,10,28);
INSERT INTO "recent" VALUES(1,10,29);
INSERT INTO "recent" VALUES(1,10,30);
INSERT INTO "recent" VALUES(1,11,31);
INSERT INTO "recent" VALUES(1,11,32);
INSERT INTO "recent" VALUES(1,11,33);
INSERT INTO "recent" VALUES(1,12,34);
INSERT INTO "recent" VALUES(1,12,35);
INSERT INTO "recent" VALUES(1,12,36);
INSERT INTO "recent" VALUES(1,13,37);
INSERT INTO "recent" VALUES(1,13,38);
INSERT INTO "recent" VALUES(1,13,39);
INSERT INTO "recent" VALUES(1,14,40);
INSERT INTO "recent" VALUES(1,14,41);
INSERT INTO "recent" VALUES(1,14,42);
CREATE TABLE session (
            id INTEGER PRIMARY KEY,
            profile INTEGER NOT NULL REFERENCES profile,
            mode TEXT NOT NULL,
            skills TEXT NOT NULL,
            preset TEXT NOT NULL,
            seed INTEGER,
            started INTEGER NOT NULL,
            ended INTEGER, first_attempt INTEGER, last_attempt INTEGER, planned INTEGER, interactive INTEGER NOT NULL DEFAULT 1, assignment INTEGER);
INSERT INTO "session" VALUES(1,1,'practice','["announce", "chips", "deal-order", "dealer", "exposed-card", "outcome", "pay-behind", "pay-blackjack", "pay-double", "pay-even", "pay-insurance", "pay-split", "pay-table", "procedure"]','casino-fr',NULL,1795780800,1795781015,1,43,NULL,1,NULL);
CREATE TABLE session_skill (
            session INTEGER NOT NULL, skill INTEGER NOT NULL,
            n INTEGER NOT NULL, correct INTEGER NOT NULL, total_ms INTEGER NOT NULL,
            median_ms REAL, p90_ms REAL,
            PRIMARY KEY (session, skill)) WITHOUT ROWID;
INSERT INTO "session_skill" VALUES(1,1,4,4,4600,1200.0,1200.0);
INSERT INTO "session_skill" VALUES(1,2,3,3,3600,1200.0,1200.0);
INSERT INTO "session_skill" VALUES(1,3,3,3,3600,1200.0,1200.0);
INSERT INTO "session_skill" VALUES(1,4,3,3,3600,1200.0,1200.0);
INSERT INTO "session_skill" VALUES(1,5,3,3,3600,1200.0,1200.0);
INSERT INTO "session_skill" VALUES(1,6,3,3,3600,1200.0,1200.0);
INSERT INTO "session_skill" VALUES(1,7,3,3,3600,1200.0,1200.0);
INSERT INTO "session_skill" VALUES(1,8,3,3,3600,1200.0,1200.0);
INSERT INTO "session_skill" VALUES(1,9,3,3,3600,1200.0,1200.0);
INSERT INTO "session_skill" VALUES(1,10,3,3,3600,1200.0,1200.0);
INSERT INTO "session_skill" VALUES(1,11,3,3,3600,1200.0,1200.0);
INSERT INTO "session_skill" VALUES(1,12,3,3,3600,1200.0,1200.0);
INSERT INTO "session_skill" VALUES(1,13,3,3,3600,1200.0,1200.0);
INSERT INTO "session_skill" VALUES(1,14,3,3,3600,1200.0,1200.0);
CREATE TABLE skill (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
INSERT INTO "skill" VALUES(1,'announce');
INSERT INTO "skill" VALUES(2,'chips');
INSERT INTO "skill" VALUES(3,'deal-order');
INSERT INTO "skill" VALUES(4,'dealer');
INSERT INTO "skill" VALUES(5,'exposed-card');
INSERT INTO "skill" VALUES(6,'outcome');
INSERT INTO "skill" VALUES(7,'pay-behind');
INSERT INTO "skill" VALUES(8,'pay-blackjack');
INSERT INTO "skill" VALUES(9,'pay-double');
INSERT INTO "skill" VALUES(10,'pay-even');
INSERT INTO "skill" VALUES(11,'pay-insurance');
INSERT INTO "skill" VALUES(12,'pay-split');
INSERT INTO "skill" VALUES(13,'pay-table');
INSERT INTO "skill" VALUES(14,'procedure');
CREATE TABLE tally (
            profile INTEGER NOT NULL, skill INTEGER NOT NULL, day INTEGER NOT NULL,
            n INTEGER NOT NULL, correct INTEGER NOT NULL, total_ms INTEGER NOT NULL,
            PRIMARY KEY (profile, skill, day)) WITHOUT ROWID;
INSERT INTO "tally" VALUES(1,1,20784,4,4,4600);
INSERT INTO "tally" VALUES(1,2,20784,3,3,3600);
INSERT INTO "tally" VALUES(1,3,20784,3,3,3600);
INSERT INTO "tally" VALUES(1,4,20784,3,3,3600);
INSERT INTO "tally" VALUES(1,5,20784,3,3,3600);
INSERT INTO "tally" VALUES(1,6,20784,3,3,3600);
INSERT INTO "tally" VALUES(1,7,20784,3,3,3600);
INSERT INTO "tally" VALUES(1,8,20784,3,3,3600);
INSERT INTO "tally" VALUES(1,9,20784,3,3,3600);
INSERT INTO "tally" VALUES(1,10,20784,3,3,3600);
INSERT INTO "tally" VALUES(1,11,20784,3,3,3600);
INSERT INTO "tally" VALUES(1,12,20784,3,3,3600);
INSERT INTO "tally" VALUES(1,13,20784,3,3,3600);
INSERT INTO "tally" VALUES(1,14,20784,3,3,3600);
CREATE INDEX session_profile ON session (profile);
PRAGMA user_version = 6;
COMMIT;
