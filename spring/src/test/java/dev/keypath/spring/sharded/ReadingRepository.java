package dev.keypath.spring.sharded;

import dev.keypath.KeyPath;
import dev.keypath.spring.repository.KeyPathRepository;
import java.util.List;
import java.util.Optional;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Slice;

public interface ReadingRepository extends KeyPathRepository<Reading, KeyPath> {
    List<Reading> findBySensorId(String sensorId);

    List<Reading> findBySensorIdOrderBySeqDesc(String sensorId);

    List<Reading> findBySensorIdAndSeqBetween(String sensorId, long from, long to);

    List<Reading> findTop3BySensorIdOrderBySeqDesc(String sensorId);

    Optional<Reading> findFirstBySensorId(String sensorId);

    Slice<Reading> findBySensorId(String sensorId, Pageable pageable);

    long countBySensorId(String sensorId);

    boolean existsBySensorId(String sensorId);

    long deleteBySensorId(String sensorId);
}
