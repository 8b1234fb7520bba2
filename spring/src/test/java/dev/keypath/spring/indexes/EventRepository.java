package dev.keypath.spring.indexes;

import dev.keypath.KeyPath;
import dev.keypath.spring.repository.KeyPathRepository;
import java.util.List;
import java.util.UUID;

public interface EventRepository extends KeyPathRepository<Event, KeyPath> {
    List<Event> findByUserIdOrderByDayDesc(UUID userId);

    List<Event> findByUserIdAndDayBetweenOrderByDayAsc(UUID userId, long from, long to);
}
