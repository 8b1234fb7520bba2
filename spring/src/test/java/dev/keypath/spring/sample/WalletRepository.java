package dev.keypath.spring.sample;

import dev.keypath.KeyPath;
import dev.keypath.spring.repository.KeyPathRepository;

public interface WalletRepository extends KeyPathRepository<Wallet, KeyPath> {
}
