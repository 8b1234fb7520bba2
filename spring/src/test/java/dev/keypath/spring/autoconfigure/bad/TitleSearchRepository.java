package dev.keypath.spring.autoconfigure.bad;

import dev.keypath.KeyPath;
import dev.keypath.spring.repository.KeyPathRepository;
import dev.keypath.spring.sample.Post;
import java.util.List;

/** A repository whose query method would need a scan. */
public interface TitleSearchRepository extends KeyPathRepository<Post, KeyPath> {
    List<Post> findByTitle(String title);
}
