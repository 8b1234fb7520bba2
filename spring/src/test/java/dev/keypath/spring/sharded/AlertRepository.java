package dev.keypath.spring.sharded;

import dev.keypath.KeyPath;
import dev.keypath.spring.repository.KeyPathRepository;
import java.util.List;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Slice;

public interface AlertRepository extends KeyPathRepository<Alert, KeyPath> {
    List<Alert> findByState(String state);

    List<Alert> findByStateOrderBySeqDesc(String state);

    List<Alert> findByStateAndSeqBetween(String state, long from, long to);

    Slice<Alert> findByState(String state, Pageable pageable);

    long countByState(String state);
}
