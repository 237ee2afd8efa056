"""The table server's tables on Redis (game/net/tables/redis_store.py): the behaviours
tests/test_net_store.py checks on files, on a real redis-server of the test's own."""

from __future__ import annotations

import redis

from tools.redis_server import RedisServer


def test_the_tests_redis_is_a_real_server_keeping_an_append_only_file(
    redis_server: RedisServer,
) -> None:
    client = redis.Redis.from_url(redis_server.url)
    assert client.ping() is True
    assert client.config_get("appendonly") == {"appendonly": "yes"}
    client.close()
