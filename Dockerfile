# One image for the three scale-out roles (api, projections, workers); docker-compose.yml picks the
# command. The roles run the compiled JavaScript (`npm run build`, then `npm run start:*:prod`); the
# build needs TypeScript and Vite, so development dependencies are installed on purpose
# (npm ci --include=dev, whatever NODE_ENV says).
FROM node:24-slim

ENV NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false
WORKDIR /app
# Speech for /api/tts (British English voice, MP3 by lame); Chromium prints the PDF editions (workers).
# fonts-noto-cjk: Han characters the PDF editions fall back to beyond the shipped faces.
RUN apt-get update && apt-get install -y --no-install-recommends espeak-ng lame chromium fonts-noto-cjk && rm -rf /var/lib/apt/lists/*

# Manifests first, so the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json ./
COPY schemas/package.json schemas/
COPY domain/package.json domain/
COPY platform/package.json platform/
COPY api/package.json api/
COPY projections/package.json projections/
COPY workers/package.json workers/
COPY reader-ui/package.json reader-ui/
COPY admin-ui/package.json admin-ui/
RUN npm ci --include=dev && npm cache clean --force

COPY . .
# The server packages compiled into their dist/ folders, and the reader and admin UIs the api serves.
RUN npm run build \
 && mkdir -p /app/.data \
 && chown node:node /app/.data

ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
USER node
EXPOSE 3000
CMD ["npm", "run", "start:api:prod"]
